import { namesToken, TOKEN_FIELD, type Shape } from '@specrun/model';
import type { FastifyRequest } from 'fastify';
import type { WireRecord } from '../store/record-codec.js';
import './request-actor.js';

/**
 * The pseudo-field `token` of a user record as `request` answers it: the token of the request's
 * session (presented in the Authorization header, or issued by this request) when the record is
 * the caller's own, null when the session is a cookie's (its token never leaves the cookie), and
 * undefined (no key) for anyone else's record. The one place that decides it: account answers and
 * projections that list `token` ask here.
 */
export function sessionTokenFor(
  request: FastifyRequest,
  userId: unknown,
): string | null | undefined {
  const actor = request.actor;
  if (!actor || String(userId) !== actor.id) return undefined;
  return request.sessionToken?.token ?? null;
}

/** The record with its `token` pseudo-field, when the response shape names one. */
export function withTokenField(
  request: FastifyRequest,
  shape: Shape | undefined,
  record: WireRecord,
): WireRecord {
  if (!namesToken(shape) || Object.hasOwn(record, TOKEN_FIELD)) return record;
  const token = sessionTokenFor(request, record.id);
  return token === undefined ? record : { ...record, [TOKEN_FIELD]: token };
}
