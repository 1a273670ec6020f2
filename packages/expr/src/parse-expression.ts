import { parse } from '@bufbuild/cel';
import type { Parsed } from './ast.js';
import { makeIssue, type ExprIssue } from './issues.js';
import { unclosedString } from './unclosed-string.js';

// Specifications repeat expressions (`record.customer == user.id` on many rows) and a parse
// is pure, so successful parses are kept; the trees are only read, never changed.
const parsedBySource = new Map<string, Parsed>();
const MAX_CACHED = 10_000;

/** Parses CEL; a syntax error becomes an issue at the offending character, never a throw. */
export function parseExpression(source: string): { parsed?: Parsed; issue?: ExprIssue } {
  const cached = parsedBySource.get(source);
  if (cached) return { parsed: cached };
  if (source.trim() === '') {
    return { issue: makeIssue(source, 'expression-syntax', 'The expression is empty.', 0) };
  }
  try {
    const parsed = parse(source);
    if (parsedBySource.size >= MAX_CACHED) parsedBySource.clear();
    parsedBySource.set(source, parsed);
    return { parsed };
  } catch (error) {
    return { issue: syntaxIssue(source, error) };
  }
}

type PeggyError = {
  location?: { start?: { offset?: number } };
  expected?: { description?: string }[];
};

function syntaxIssue(source: string, error: unknown): ExprIssue {
  if (error instanceof RangeError) {
    return makeIssue(source, 'expression-syntax', 'The expression is nested too deeply.', 0);
  }
  const peggy = (typeof error === 'object' && error !== null ? error : {}) as PeggyError;
  const unclosed = unclosedString(source);
  if (unclosed !== undefined) {
    return makeIssue(source, 'expression-syntax', 'This string is never closed.', unclosed, {
      length: 1,
    });
  }
  const reported = peggy.location?.start?.offset ?? 0;
  const offset = pastOperator(source, reported);
  const found = offset < source.length ? `\`${source[offset]}\`` : 'the end of the expression';
  const expected = [...new Set((peggy.expected ?? []).map((e) => e.description ?? ''))]
    .filter((d) => d !== '' && d !== 'whitespace' && d !== 'comment')
    .slice(0, 8);
  const hint =
    expected.length > 0 && offset === reported ? `expected ${expected.join(', ')}` : undefined;
  return makeIssue(source, 'expression-syntax', `Unexpected ${found}.`, offset, {
    hint,
    length: 1,
  });
}

const OPERATOR = /(==|!=|<=|>=|&&|\|\||<|>|\+|-|\*|\/|%|\?|:|in\b)\s*/y;

// The parser reports a dangling operator (`a ==`, `a &&& b`) where the operator starts; the
// offending character is what follows it.
function pastOperator(source: string, offset: number): number {
  OPERATOR.lastIndex = offset;
  return OPERATOR.exec(source) ? OPERATOR.lastIndex : offset;
}
