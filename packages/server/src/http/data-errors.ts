/**
 * Whether a database error is the data's fault rather than the server's: PostgreSQL's data
 * exceptions (class 22: a value out of range, a bad cast) and program limits (class 54), or a
 * value the SQLite driver cannot bind (a RangeError, such as an integer beyond 64 bits). Values
 * are checked before they are written, so these come from values at the edge of what a column
 * holds; they are the request's mistake, never an internal error.
 */
export function isDataError(error: unknown): boolean {
  // Fastify's own errors (some are RangeErrors, such as a body too large) carry their status.
  if ((error as { statusCode?: unknown } | null)?.statusCode !== undefined) return false;
  if (error instanceof RangeError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code);
}
