import type { ApiCall, ApiOperationKind } from './api-calls.js';

/** The success statuses section 7 may declare for a call (its `Status` column). */
export type SuccessStatus = 200 | 201 | 204;

export const SUCCESS_STATUSES: readonly SuccessStatus[] = [200, 201, 204];

// A read answers what it read: it cannot answer nothing.
const READS: readonly ApiOperationKind[] = ['list', 'get', 'me', 'history'];
// `201 Created`: the call makes something (a record, an account, a session, a mark or a link).
const MAKES: readonly ApiOperationKind[] = ['create', 'sign-up', 'sign-in', 'add-me', 'add-link'];

/**
 * The statuses a call doing `kind` may declare: 200 and 204 for most, 201 only for a call that
 * makes something, 204 only for one that does not read, and only 204 for sign-out (it has
 * nothing to answer).
 */
export function allowedStatuses(kind: ApiOperationKind): SuccessStatus[] {
  if (kind === 'sign-out') return [204];
  return SUCCESS_STATUSES.filter(
    (s) => (s !== 201 || MAKES.includes(kind)) && (s !== 204 || !READS.includes(kind)),
  );
}

// The default API's calls that answer nothing.
const SILENT: readonly ApiOperationKind[] = ['delete', 'sign-out'];

/**
 * The status a call answers on success: the one section 7 declares, else `204 No Content` for
 * a declared call with no Response shape (and the default API's delete and sign-out), `201
 * Created` for a create or a sign-up, and `200`.
 */
export function successStatus(call: ApiCall): SuccessStatus {
  if (call.status) return call.status;
  const declared = call.line !== undefined;
  if (call.response === undefined && (declared || SILENT.includes(call.operation.kind))) return 204;
  return call.operation.kind === 'create' || call.operation.kind === 'sign-up' ? 201 : 200;
}
