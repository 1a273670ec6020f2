import { AppError } from '../catalogue/app-error.js';
import type { Policy } from '../permissions/policy.js';
import type { Actor } from '../callers/actor.js';

/** A refusal of section 6: UNAUTHENTICATED when nobody is signed in, FORBIDDEN otherwise. */
export function refusal(actor: Actor | null): AppError {
  return new AppError(actor ? 'FORBIDDEN' : 'UNAUTHENTICATED');
}

/** The answer for a record that does not exist or that the caller may not read. */
export function notFound(entity: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No ${entity} ${id}.`);
}

/**
 * The answer for a record the caller may not read: 401 when nobody is signed in and section 6
 * lets nobody signed out read any record of the entity (signing in is the way on), else
 * NOT_FOUND, so that whether the record exists is never told.
 */
export function unreadable(policy: Policy, actor: Actor | null, entity: string, id: string) {
  if (!actor && policy.listCondition(null, entity).kind === 'deny') return refusal(null);
  return notFound(entity, id);
}
