import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { align } from './align.js';
import { decimalSides } from './compile-decimal.js';
import { compileInputEquality } from './compile-input.js';
import type { SqlCompiler } from './compiler.js';
import { boolResult, errorsOf } from './conditions.js';
import { byCodePoint, nullSafeEquals } from './dialect-sql.js';
import type { Frag, SqlValue } from './sql-value.js';

/** `== != < <= > >=` as the language means them: null equals null, ordering with null is false. */
export function compileComparison(
  c: SqlCompiler,
  expr: Expr,
  op: string,
  [a, b]: SqlValue[],
): SqlValue {
  if (!a || !b) return c.fail(expr, 'A comparison needs two operands.');
  if (a.kind === 'input' || b.kind === 'input') return compileInputEquality(c, expr, op, a, b);
  if (a.kind === 'list' || b.kind === 'list') return c.fail(expr, 'SQL cannot compare lists.');
  const errors = [...errorsOf(a), ...errorsOf(b)];
  const d = c.dialect;
  const negate = op === '!=';
  if (op === '==' || op === '!=') {
    if (a.kind === 'null' || b.kind === 'null') {
      const other = a.kind === 'null' ? b : a;
      const test = negate ? sql`IS NOT NULL` : sql`IS NULL`;
      return boolResult((ctx) => sql`(${other.sql(ctx)} ${test})`, errors);
    }
    const { left, right } = decimal(a, b) ? decimalSides(c, op, a, b) : align(c, expr, a, b);
    const cond: Frag =
      a.nullable || b.nullable
        ? (ctx) => nullSafeEquals(d, left(ctx), right(ctx), negate)
        : (ctx) => sql`(${left(ctx)} ${sql.raw(negate ? '<>' : '=')} ${right(ctx)})`;
    return boolResult(cond, errors);
  }
  if (a.kind === 'null' || b.kind === 'null')
    return c.fail(expr, 'Ordering with null is never true.');
  const { left, right, kind } = decimal(a, b)
    ? { ...decimalSides(c, op, a, b), kind: 'double' }
    : align(c, expr, a, b);
  const side = (f: Frag): Frag => (kind === 'string' ? (ctx) => byCodePoint(d, f(ctx)) : f);
  const [l, r] = [side(left), side(right)];
  const compared: Frag = (ctx) => sql`(${l(ctx)} ${sql.raw(op)} ${r(ctx)})`;
  const cond: Frag =
    a.nullable || b.nullable ? (ctx) => sql`COALESCE(${compared(ctx)}, FALSE)` : compared;
  return boolResult(cond, errors);
}

/** Two numbers of which one at least is a decimal (compile-decimal.ts compares them exactly). */
function decimal(a: SqlValue, b: SqlValue): boolean {
  const numbers = ['int', 'double'];
  return (
    (a.kind === 'double' || b.kind === 'double') &&
    numbers.includes(a.kind) &&
    numbers.includes(b.kind)
  );
}
