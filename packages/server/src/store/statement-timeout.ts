/**
 * A statement stopped at its time limit (MAX_STATEMENT_MS). `ran` says whether it had started:
 * a statement still waiting for its turn when its time was up never ran, and says nothing of
 * what it asked.
 */
export class StatementTimeoutError extends Error {
  constructor(
    readonly limitMs: number,
    readonly ran: boolean,
    options?: ErrorOptions,
  ) {
    super(
      ran
        ? `the statement ran past its time limit of ${limitMs} ms`
        : `the statement waited past its time limit of ${limitMs} ms`,
      options,
    );
    this.name = 'StatementTimeoutError';
  }
}

// PostgreSQL's query_canceled: what statement_timeout raises.
const POSTGRES_CANCELED = '57014';

/** Whether a statement failed for running past its time limit, on either database. */
export function isStatementTimeout(error: unknown): boolean {
  if (error instanceof StatementTimeoutError) return true;
  return (error as { code?: unknown } | null)?.code === POSTGRES_CANCELED;
}
