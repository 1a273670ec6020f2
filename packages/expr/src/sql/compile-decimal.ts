import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { DECIMAL_PLACES } from '../decimal.js';
import type { SqlCompiler } from './compiler.js';
import { isNull } from './conditions.js';
import { roundHalfEven } from './round-half-even.js';
import { SQLITE_DECIMAL } from './sqlite-decimal-functions.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

type Result = (kind: SqlKind, sqlOf: Frag, scale?: number, errors?: Frag[]) => SqlValue;

const places = sql.raw(`1${'0'.repeat(DECIMAL_PLACES)}`);
const unitOfLast = sql.raw(`0.${'0'.repeat(DECIMAL_PLACES - 1)}1`);

/**
 * `+ - * /` of decimals (an integer on one side is read as a decimal), as evaluate() computes
 * them (decimal.ts): + and − exact; × exact to DECIMAL_PLACES digits after the point, rounded
 * half to even beyond; ÷ rounded half to even to DECIMAL_PLACES. PostgreSQL computes in numeric,
 * exact at any precision; SQLite, which has no exact decimal, calls the functions the store
 * registers on its connections (sqlite-decimal-functions.ts), on the canonical text it keeps
 * decimals as.
 */
export function compileDecimal(
  c: SqlCompiler,
  expr: Expr,
  op: string,
  a: SqlValue,
  b: SqlValue,
  result: Result,
): SqlValue {
  if (!['+', '-', '*', '/'].includes(op))
    return c.fail(expr, `SQL cannot compute a decimal ${op}.`);
  // An error only where evaluate() has one: null ÷ 0 is null, not a division by zero.
  const errors: Frag[] =
    op === '/' ? [(ctx) => sql`(${isZero(c, b.sql)(ctx)} AND NOT ${isNull(a.sql)(ctx)})`] : [];
  if (c.dialect === 'sqlite') {
    const fn = sql.raw(SQLITE_DECIMAL.arithmetic);
    return exact(
      result('double', (ctx) => sql`${fn}(${op}, ${a.sql(ctx)}, ${b.sql(ctx)})`, undefined, errors),
    );
  }
  const numeric =
    (v: SqlValue): Frag =>
    (ctx) =>
      sql`CAST(${v.sql(ctx)} AS numeric)`;
  const [x, y] = [numeric(a), numeric(b)];
  if (op === '+' || op === '-')
    return exact(result('double', (ctx) => sql`(${x(ctx)} ${sql.raw(op)} ${y(ctx)})`));
  // The product or quotient in units of the last place kept, rounded half to even, scaled back.
  const [m, q] =
    op === '*'
      ? [(ctx: Parameters<Frag>[0]) => sql`(${x(ctx)} * ${y(ctx)})`, () => sql`1`]
      : [x, y];
  const sqlOf: Frag = (ctx) =>
    sql`(${roundHalfEven(c, { m: m(ctx), p: places, q: q(ctx) })} * ${unitOfLast})`;
  return exact(result('double', sqlOf, undefined, errors));
}

/** A decimal result is its exact value: money can be multiplied and divided by it exactly. */
function exact(v: SqlValue): SqlValue {
  return { ...v, exactDecimal: v.sql };
}

/** The condition that a number (decimal text on SQLite, numeric or integer) is zero. */
function isZero(c: SqlCompiler, v: Frag): Frag {
  if (c.dialect === 'postgres') return (ctx) => sql`(${v(ctx)} = 0)`;
  const cmp = sql.raw(SQLITE_DECIMAL.compare);
  return (ctx) => sql`(${cmp}(${v(ctx)}, 0) = 0)`;
}

/** Unary minus of a decimal. */
export function negateDecimal(c: SqlCompiler, v: SqlValue): Frag {
  if (c.dialect === 'postgres') return (ctx) => sql`(- ${v.sql(ctx)})`;
  const fn = sql.raw(SQLITE_DECIMAL.arithmetic);
  return (ctx) => sql`${fn}('-', 0, ${v.sql(ctx)})`;
}

/**
 * Two numbers, at least one a decimal, made comparable. PostgreSQL compares numeric and bigint
 * as they are. On SQLite, equality compares canonical text (a decimal's stored form, and an
 * integer's own digits), which keeps NULL = NULL and an index on the column usable; an ordering
 * compares through sr_decimal_cmp, since text does not order as numbers do.
 */
export function decimalSides(
  c: SqlCompiler,
  op: string,
  a: SqlValue,
  b: SqlValue,
): { left: Frag; right: Frag } {
  if (c.dialect === 'postgres') return { left: a.sql, right: b.sql };
  if (op === '==' || op === '!=') return { left: canonicalText(a), right: canonicalText(b) };
  const cmp = sql.raw(SQLITE_DECIMAL.compare);
  return { left: (ctx) => sql`${cmp}(${a.sql(ctx)}, ${b.sql(ctx)})`, right: () => sql`0` };
}

/** A number as SQLite's canonical decimal text: integers are cast, decimals are already so. */
function canonicalText(v: SqlValue): Frag {
  return v.kind === 'int' ? (ctx) => sql`CAST(${v.sql(ctx)} AS TEXT)` : v.sql;
}
