import { FILE_ROUTE, LISTED_FILE_ROUTE } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { INTERNAL, type DraftOperation } from './operation-parts.js';
import { securityFor } from './security.js';
import { ENGINE_TAG, type ServiceOperation } from './service-operations.js';

const header = (description: string) => ({ description, schema: { type: 'string' } });

/**
 * GET /api/_files/{entity}/{id}/{field} (FILE_ROUTE), when the model has a `file` field: the
 * bytes of one record's file, to whoever may read the record and the field; with `listed`,
 * GET /api/_files/{entity}/{id}/{field}/{file} (LISTED_FILE_ROUTE), one file of a `list of files`.
 */
function fileOperation(ctx: DocumentContext, listed: boolean): ServiceOperation | undefined {
  const kind = listed ? 'files' : 'file';
  const withFiles = ctx.model.entities.filter((e) => e.fields.some((f) => f.type.kind === kind));
  if (withFiles.length === 0) return undefined;
  const fields = withFiles.flatMap((e) =>
    e.fields.filter((f) => f.type.kind === kind).map((f) => f.name),
  );
  const parameter = (name: string, description: string, values?: string[]) => ({
    name,
    in: 'path' as const,
    required: true,
    description,
    schema: values ? { type: 'string', enum: [...new Set(values)] } : { type: 'string' },
  });
  const draft: DraftOperation = {
    id: listed ? 'getListedFile' : 'getFile',
    tag: ENGINE_TAG,
    operation: {
      summary: listed ? "A file of a record's list of files" : "A record's file",
      description:
        (listed
          ? "The bytes of one file of a record's list of files, as its `url` names them, to whoever may read the record and the field: anyone else, and a file the list does not hold, get not found. Served"
          : "The bytes of a record's file, as its `url` names them, to whoever may read the record and the field: anyone else, and a record without a file, get not found. Served") +
        ' with the stored media type, `X-Content-Type-Options: nosniff`, and `Content-Disposition: inline` for PNG, JPEG, GIF, WebP and AVIF images, `attachment` for anything else.',
      security: securityFor('optional'),
      parameters: [
        parameter(
          'entity',
          'The entity of the record.',
          withFiles.map((e) => e.name),
        ),
        parameter('id', "The record's id."),
        parameter('field', listed ? 'The list of files.' : 'The file field.', fields),
        ...(listed ? [parameter('file', "The file's id, the last part of its `url`.")] : []),
      ],
    },
    success: {
      '200': {
        description: 'The file.',
        headers: {
          'Content-Disposition': header('`inline` or `attachment`, with the file name.'),
          'X-Content-Type-Options': header('Always `nosniff`.'),
          ETag: header('Names these bytes; a new file gets a new one.'),
        },
        content: {
          '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
      '304': { description: 'The bytes named by `If-None-Match`: unchanged.' },
    },
    errors: [{ code: 'BAD_REQUEST' }, { code: 'NOT_FOUND' }, INTERNAL],
  };
  return { method: 'get', path: listed ? LISTED_FILE_ROUTE : FILE_ROUTE, draft };
}

/** The operations that serve files, for the kinds of file field the model has (fileOperation). */
export function fileOperations(ctx: DocumentContext): ServiceOperation[] {
  return [false, true].flatMap((listed) => fileOperation(ctx, listed) ?? []);
}
