import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { minorUnitDigits } from '../money.js';
import { sharedScale, unitsAt } from './align.js';
import type { SqlCompiler } from './compiler.js';
import { exactFraction, type Part } from './exact-fraction.js';
import { isNull } from './conditions.js';
import { fitsSplit, roundHalfEven } from './round-half-even.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

type Result = (kind: SqlKind, sqlOf: Frag, scale?: number, errors?: Frag[]) => SqlValue;

const pow10 = (k: number) => 10n ** BigInt(k);

/**
 * Money arithmetic as evaluate() does it (money.ts): money ± money exactly; money × number and
 * money ÷ number rounded half to even to the currency's minor unit, in integers of minor units.
 */
export function compileMoney(
  c: SqlCompiler,
  expr: Expr,
  op: string,
  a: SqlValue,
  b: SqlValue,
  result: Result,
): SqlValue {
  if (a.kind === 'money' && b.kind === 'money' && (op === '+' || op === '-')) {
    const scale = sharedScale(a, b);
    const [x, y] = [unitsAt(c, a, scale, expr), unitsAt(c, b, scale, expr)];
    return result('money', (ctx) => sql`(${x(ctx)} ${sql.raw(op)} ${y(ctx)})`, scale);
  }
  const [m, factor] = a.kind === 'money' || op === '/' ? [a, b] : [b, a];
  if ((op !== '*' && op !== '/') || m.kind !== 'money')
    return c.fail(expr, `SQL cannot compute ${a.kind} ${op} ${b.kind}.`);
  const type = c.typeOf(expr);
  const minor = minorUnitDigits(type.kind === 'money' ? (type.currency ?? '') : '');
  // Money is first brought to at least the currency's digits, so that only rounding remains.
  const scale = Math.max(m.scale ?? 0, minor);
  const units = unitsAt(c, m, scale, expr);
  const surplus = pow10(scale - minor);
  // SQLite's 64-bit integers hold 18 digits whatever their value: the factor and the surplus
  // digits of the money share them (see round-half-even.ts).
  const fraction = exactFraction(c, factor, 18 - (scale - minor));
  if (!fraction)
    return c.fail(
      expr,
      `SQL ${op === '*' ? 'multiplies' : 'divides'} money exactly only by integers, decimal fields and number literals.`,
    );
  const times = (x: Part, y: bigint): Part =>
    typeof x === 'bigint' ? x * y : y === 1n ? x : (ctx) => sql`(${x(ctx)} * ${part(y)(ctx)})`;
  // m × num / den, or m × den / num: the exact result in minor units, then rounded.
  const [p, q] =
    op === '*'
      ? [fraction.num, times(fraction.den, surplus)]
      : [fraction.den, times(fraction.num, surplus)];
  if (typeof p === 'bigint' && typeof q === 'bigint' && c.dialect === 'sqlite' && !fitsSplit(p, q))
    return c.fail(expr, 'SQLite cannot round money by a number with this many digits exactly.');
  const sqlOf: Frag =
    q === 1n && fraction.integral
      ? (ctx) => sql`(${units(ctx)} * ${part(p)(ctx)})`
      : (ctx) => roundHalfEven(c, { m: units(ctx), p: part(p)(ctx), q: part(q)(ctx) });
  // An error only where evaluate() has one: null ÷ 0 is null, not a division by zero.
  const present =
    (condition: Frag): Frag =>
    (ctx) =>
      sql`(${condition(ctx)} AND NOT ${isNull(m.sql)(ctx)})`;
  const errors = fraction.errors.map(present);
  if (op === '/') errors.push(present((ctx) => sql`(${part(fraction.num)(ctx)} = 0)`));
  return result('money', sqlOf, minor, errors);
}

/** A constant as digits in the SQL, or the fragment itself. */
function part(x: Part): Frag {
  return typeof x === 'bigint' ? () => sql.raw(x.toString()) : x;
}
