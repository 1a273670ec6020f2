import { AppError } from '../catalogue/app-error.js';
import type { ReadBound } from '../store/bounded-reads.js';
import { isStatementTimeout, StatementTimeoutError } from '../store/statement-timeout.js';
import type { ApiContext } from './api-context.js';
import { isDataError } from './data-errors.js';
import type { CompiledFilter } from './list-filter.js';

// Rows between two looks at the clock when each costs little (see bounded-reads.ts): often
// enough to stop within milliseconds of the limit, rarely enough to cost nothing measurable.
const CHEAP_ROWS_PER_CHECK = 256;

/** The bound of a list read that applies a caller's filter: MAX_STATEMENT_MS. */
export function readBound(api: ApiContext, filter: CompiledFilter): ReadBound {
  return {
    timeLimitMs: api.limits.maxStatementMs,
    rowsPerCheck: filter.costlyRows ? 1 : CHEAP_ROWS_PER_CHECK,
  };
}

/** A statement that a caller's filter made run past its time limit: the filter's to simplify. */
function tooSlow(error: unknown): AppError {
  if (error instanceof StatementTimeoutError && !error.ran)
    // It waited behind others' reads and never ran: nothing is known of what it costs.
    return new AppError('TIMEOUT');
  const limit = error instanceof StatementTimeoutError ? ` of ${error.limitMs} ms` : '';
  return new AppError(
    'FILTER_TOO_COSTLY',
    `filter: it ran past the time limit${limit} (MAX_STATEMENT_MS): simplify it, or narrow the list with field=value.`,
  );
}

/**
 * Runs a list query that applies a caller's filter. A filter that type-checks can still fail
 * on the data (`record.version + 9223372036854775807` overflows): that is the filter's mistake,
 * answered BAD_REQUEST, not an internal error. One that runs past MAX_STATEMENT_MS is answered
 * FILTER_TOO_COSTLY.
 */
export async function runFiltered<T>(filtered: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (filtered && isStatementTimeout(error)) throw tooSlow(error);
    if (!filtered || !isDataError(error)) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : '';
    throw new AppError(
      'BAD_REQUEST',
      `filter: the condition cannot be worked out on these records${reason ? ` (${reason})` : ''}.`,
    );
  }
}
