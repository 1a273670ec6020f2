/** One problem of a request: about a field (a form shows it there), or about the whole record. */
export interface FieldProblem {
  field?: string;
  code: string;
  message: string;
}

/**
 * A refusal of the API, from its problem+json answer: the catalogue code and HTTP status, the
 * catalogue's message for the code (what people read), the server's detail (what exactly was
 * wrong) and every problem it listed.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: string,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A 412 on a stale If-Match: someone else changed the record since it was read. */
  get isStale(): boolean {
    return this.status === 412;
  }

  /** Problems about one field, by field: the first message of each. */
  fieldMessages(): Map<string, string> {
    const out = new Map<string, string>();
    for (const p of this.problems)
      if (p.field !== undefined && !out.has(p.field)) out.set(p.field, p.message);
    return out;
  }

  /** Problems about the whole record (a rule naming several fields). */
  recordProblems(): FieldProblem[] {
    return this.problems.filter((p) => p.field === undefined);
  }
}

/** Whether an error is the API saying nobody is signed in. */
export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/** Whether an error is the API saying the record or path does not exist (for this caller). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

/** Whether an error is the API refusing what section 6 does not allow. */
export const isForbidden = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403;
