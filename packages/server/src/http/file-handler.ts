import { Readable } from 'node:stream';
import { FILE_ROUTE, fileUrl, isFileDescription, LISTED_FILE_ROUTE } from '@specrun/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { refuseBody } from '../calls/refuse-body.js';
import { unreadable } from '../operations/refusal.js';
import { readFileChunks, readFileRow } from '../store/file-rows.js';
import { operationContext, type ApiContext } from './api-context.js';
import { contentDisposition, FILE_CSP, notModified, servedType } from './file-headers.js';
import { recordId } from './record-id.js';

// Read a piece at a time: the event loop and the memory are held for one piece, not a file.
const CHUNK_BYTES = 256 * 1024;

interface FileParams {
  entity: string;
  id: string;
  field: string;
  /** One file of a list of files (LISTED_FILE_ROUTE). */
  file?: string;
}

/** Whether a record as the caller reads it shows the file: its field, or the list's file. */
function shows(value: unknown, url: string, listed: boolean): boolean {
  if (!listed) return isFileDescription(value);
  return Array.isArray(value) && value.some((f) => isFileDescription(f) && f.url === url);
}

async function serveFile(api: ApiContext, request: FastifyRequest, reply: FastifyReply) {
  const params = request.params as FileParams;
  onlyParams(request.query as QueryParams, []);
  const target = api.entities.get(params.entity);
  const listed = params.file !== undefined;
  if (!target?.table.files.some((f) => f.field === params.field && f.list === listed))
    throw new AppError('NOT_FOUND', 'Nothing is served at that path.');
  const entity = target.entity.name;
  const id = recordId(entity, params.id);
  const ctx = operationContext(api, request);
  // As the record is answered: NOT_FOUND (or 401) unless the caller may read it and the field.
  const record = await target.operations.getRecord(ctx, id);
  const url = fileUrl(entity, id, params.field, params.file);
  if (!shows(record[params.field], url, listed))
    throw unreadable(api.policy, ctx.actor, entity, id);
  const db = api.store.db;
  const file = await readFileRow(db, target.table, params.field, id, params.file);
  if (!file) throw unreadable(api.policy, ctx.actor, entity, id);
  const etag = `"${file.id}"`;
  // Kept by the caller's browser only, and asked again each time: who may read it can change.
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Cookie')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP);
  if (notModified(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply
    .type(servedType(file.type))
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name, file.type));
  // HEAD: an empty stream, so that Fastify keeps the Content-Length and reads no bytes.
  const chunks =
    request.method === 'HEAD'
      ? []
      : readFileChunks(db, target.table, params.field, file, id, CHUNK_BYTES);
  return reply.send(Readable.from(chunks, { objectMode: false }));
}

/**
 * Serves the files of records (FILE_ROUTE, and LISTED_FILE_ROUTE for a list's), streamed from
 * their own tables: to whoever may read the record and the field, as attachments unless they are
 * images a page may show, never sniffed, never cached by anyone but the caller.
 */
export function registerFiles(app: FastifyInstance, api: ApiContext): void {
  for (const route of [FILE_ROUTE, LISTED_FILE_ROUTE])
    app.get(route, { onRequest: refuseBody }, (request, reply) => serveFile(api, request, reply));
}
