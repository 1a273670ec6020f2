import { wrapResponse, isDeclared, successStatus, type ApiCall } from '@specrun/model';
import type { FastifyReply } from 'fastify';
import type { WireRecord } from '../store/record-codec.js';
import { etagOf } from './if-match.js';

/** The header that carries a record's `actions` when a declared shape leaves them out. */
export const ACTIONS_HEADER = 'specrun-actions';

/**
 * The header that carries the `actions` of each record of a declared list's page, in its order:
 * records separated by `;`, a record's actions by `,` (`update, delete; ; delete`).
 */
export const PAGE_ACTIONS_HEADER = 'specrun-page-actions';

/** The value of PAGE_ACTIONS_HEADER for a page of records answered with their actions. */
export const pageActions = (records: readonly WireRecord[]): string =>
  records.map((r) => (Array.isArray(r.actions) ? r.actions.join(', ') : '')).join('; ');

/**
 * Answers one record with its ETag at the call's success status: the record itself on the
 * default API, the declared Response shape around it on a section 7 call, or 204 No Content when
 * that call declares none (or declares 204). Its `actions` go in a header too, so that the web
 * app offers only what the server would accept on an API whose shapes, as an existing client's,
 * have no room for them.
 */
export function answerRecord(call: ApiCall, reply: FastifyReply, record: WireRecord): FastifyReply {
  const etag = etagOf(record.version);
  if (etag) reply.header('etag', etag);
  if (Array.isArray(record.actions)) reply.header(ACTIONS_HEADER, record.actions.join(', '));
  const status = successStatus(call);
  if (status === 204) return reply.status(204).send();
  return reply.status(status).send(isDeclared(call) ? wrapResponse(call.response, record) : record);
}
