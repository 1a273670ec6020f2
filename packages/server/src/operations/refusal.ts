import { AppError } from '../errors/app-error.js';
import type { Actor } from './policy.js';

/** A refusal of section 6: UNAUTHENTICATED when nobody is signed in, FORBIDDEN otherwise. */
export function refusal(actor: Actor | null): AppError {
  return new AppError(actor ? 'FORBIDDEN' : 'UNAUTHENTICATED');
}

/** The answer for a record that does not exist or that the caller may not read. */
export function notFound(entity: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No ${entity} ${id}.`);
}
