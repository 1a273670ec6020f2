import { AppError } from '../catalogue/app-error.js';

/**
 * An update or delete whose If-Match names a version the record no longer has. Its code is the
 * engine's CONFLICT, answered with 412 Precondition Failed as HTTP says for a failed If-Match.
 */
export class StaleVersionError extends AppError {
  readonly status = 412;

  constructor() {
    super(
      'CONFLICT',
      'The record has changed since the version in If-Match. Read it again and retry.',
    );
    this.name = 'StaleVersionError';
  }
}

/**
 * Whether an operation's CONFLICT is a stale version: the operations throw CONFLICT without a
 * detail for that, and with a detail for a duplicate account.
 */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof AppError && error.code === 'CONFLICT' && error.detail === undefined;
}
