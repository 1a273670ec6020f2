import { FILE_ROUTE } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { INTERNAL, type DraftOperation } from './operation-parts.js';
import { securityFor } from './security.js';
import { ENGINE_TAG, type ServiceOperation } from './service-operations.js';

const header = (description: string) => ({ description, schema: { type: 'string' } });

/**
 * GET /api/_files/{entity}/{id}/{field} (FILE_ROUTE), when the model has a `file` field: the
 * bytes of one record's file, to whoever may read the record and the field.
 */
export function fileOperation(ctx: DocumentContext): ServiceOperation | undefined {
  const withFiles = ctx.model.entities.filter((e) => e.fields.some((f) => f.type.kind === 'file'));
  if (withFiles.length === 0) return undefined;
  const fields = withFiles.flatMap((e) =>
    e.fields.filter((f) => f.type.kind === 'file').map((f) => f.name),
  );
  const parameter = (name: string, description: string, values?: string[]) => ({
    name,
    in: 'path' as const,
    required: true,
    description,
    schema: values ? { type: 'string', enum: [...new Set(values)] } : { type: 'string' },
  });
  const draft: DraftOperation = {
    id: 'getFile',
    tag: ENGINE_TAG,
    operation: {
      summary: "A record's file",
      description:
        "The bytes of a record's file, as its `url` names them, to whoever may read the record and the field: anyone else, and a record without a file, get not found. Served with the stored media type, `X-Content-Type-Options: nosniff`, and `Content-Disposition: inline` for PNG, JPEG, GIF, WebP and AVIF images, `attachment` for anything else.",
      security: securityFor('optional'),
      parameters: [
        parameter(
          'entity',
          'The entity of the record.',
          withFiles.map((e) => e.name),
        ),
        parameter('id', "The record's id."),
        parameter('field', 'The file field.', fields),
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
  return { method: 'get', path: FILE_ROUTE, draft };
}
