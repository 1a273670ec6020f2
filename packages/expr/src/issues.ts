/** A problem in one expression; `offset` is 0-based into the expression's source. */
export type ExprIssue = {
  code: string;
  message: string;
  hint?: string;
  offset: number;
  length?: number;
};

/** The stable codes of the problems an expression can have. */
export type ExprIssueCode =
  | 'expression-syntax'
  | 'unknown-name'
  | 'unknown-field'
  | 'unknown-entity'
  | 'unknown-function'
  | 'unknown-enum-value'
  | 'type-mismatch'
  | 'invalid-duration'
  | 'invalid-date'
  | 'invalid-pattern';

/** An issue with its offset clamped into the source, so callers can always place it. */
export function makeIssue(
  source: string,
  code: ExprIssueCode,
  message: string,
  offset: number,
  extra: { hint?: string; length?: number } = {},
): ExprIssue {
  const at = Number.isFinite(offset) ? Math.min(Math.max(0, Math.trunc(offset)), source.length) : 0;
  const issue: ExprIssue = { code, message, offset: at };
  if (extra.hint !== undefined) issue.hint = extra.hint;
  if (extra.length !== undefined && extra.length > 0) {
    issue.length = Math.min(extra.length, source.length - at);
  }
  return issue;
}
