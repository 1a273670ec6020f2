import { unwrapPayload, type Shape } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';

/**
 * The fields a request body carries, out of the envelopes its declared payload shape wraps them
 * in (unwrapPayload, the inverse of what the web app sends). A body that does not fit is
 * BAD_REQUEST, saying what was expected.
 */
export function readPayload(shape: Shape | undefined, body: unknown): Record<string, unknown> {
  const read = unwrapPayload(shape, body);
  if (!read.ok) throw new AppError('BAD_REQUEST', read.problem);
  return read.value;
}
