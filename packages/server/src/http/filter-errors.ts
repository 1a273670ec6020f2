import { AppError } from '../catalogue/app-error.js';
import { isDataError } from './data-errors.js';

/**
 * Runs a list query that applies a caller's filter. A filter that type-checks can still fail
 * on the data (`record.version + 9223372036854775807` overflows): that is the filter's mistake,
 * answered BAD_REQUEST, not an internal error.
 */
export async function runFiltered<T>(filtered: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!filtered || !isDataError(error)) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : '';
    throw new AppError(
      'BAD_REQUEST',
      `filter: the condition cannot be worked out on these records${reason ? ` (${reason})` : ''}.`,
    );
  }
}
