import { wrapResponse, isDeclared, successStatus, type ApiCall } from '@specrun/model';
import type { FastifyReply } from 'fastify';
import type { WireRecord } from '../store/record-codec.js';
import { etagOf } from './if-match.js';

/**
 * Answers one record with its ETag at the call's success status: the record itself on the
 * default API, the declared Response shape around it on a section 7 call, or 204 No Content when
 * that call declares none (or declares 204).
 */
export function answerRecord(call: ApiCall, reply: FastifyReply, record: WireRecord): FastifyReply {
  const etag = etagOf(record.version);
  if (etag) reply.header('etag', etag);
  const status = successStatus(call);
  if (status === 204) return reply.status(204).send();
  return reply.status(status).send(isDeclared(call) ? wrapResponse(call.response, record) : record);
}
