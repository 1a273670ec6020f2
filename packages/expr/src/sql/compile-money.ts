import { sql, type RawBuilder } from 'kysely';
import type { Expr } from '../ast.js';
import type { Decimal } from '../decimal.js';
import { minorUnitDigits } from '../money.js';
import { sharedScale, unitsAt } from './align.js';
import type { SqlCompiler } from './compiler.js';
import { fitsSplit, roundHalfEven } from './round-half-even.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

type Result = (kind: SqlKind, sqlOf: Frag, scale?: number, errors?: Frag[]) => SqlValue;

const digits = (n: bigint) => sql.raw(n.toString());
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
  const numeric = factor.kind === 'int' || factor.kind === 'double';
  if ((op !== '*' && op !== '/') || m.kind !== 'money' || !numeric)
    return c.fail(expr, `SQL cannot compute ${a.kind} ${op} ${b.kind}.`);
  const type = c.typeOf(expr);
  const minor = minorUnitDigits(type.kind === 'money' ? (type.currency ?? '') : '');
  // Money is first brought to at least the currency's digits, so that only rounding remains.
  const scale = Math.max(m.scale ?? 0, minor);
  const units = unitsAt(c, m, scale, expr);
  const surplus = pow10(scale - minor);
  const rounded = (p: bigint | Frag, q: bigint | Frag): Frag => {
    const raw = (x: bigint | Frag, ctx: Parameters<Frag>[0]): RawBuilder<unknown> =>
      typeof x === 'bigint' ? digits(x) : x(ctx);
    return (ctx) => roundHalfEven(c, { m: units(ctx), p: raw(p, ctx), q: raw(q, ctx) });
  };
  const constant = factor.decimal && trimmed(factor.decimal);
  const byZero =
    (q: Frag): Frag =>
    (ctx) =>
      sql`(${q(ctx)} = 0 AND ${m.sql(ctx)} IS NOT NULL)`;
  const checked = (p: bigint, q: bigint): Frag => {
    if (c.dialect === 'sqlite' && !fitsSplit(p, q))
      c.fail(expr, 'SQLite cannot round money by a number with this many digits exactly.');
    return q === 1n ? (ctx) => sql`(${units(ctx)} * ${digits(p)})` : rounded(p, q);
  };
  if (op === '*') {
    if (constant)
      return result('money', checked(constant.units, pow10(constant.scale) * surplus), minor);
    if (factor.kind === 'int') {
      const exact = surplus === 1n;
      const product: Frag = exact
        ? (ctx) => sql`(${units(ctx)} * ${factor.sql(ctx)})`
        : rounded(factor.sql, surplus);
      return result('money', product, minor);
    }
    return c.fail(expr, 'SQL multiplies money exactly only by integers and number literals.');
  }
  if (constant) {
    // Dividing by zero is an error wherever it is evaluated, but null ÷ 0 is null, as in evaluate.
    if (constant.units === 0n)
      return result('money', () => sql`NULL`, minor, [byZero(() => sql`0`)]);
    return result('money', checked(pow10(constant.scale), constant.units * surplus), minor);
  }
  if (factor.kind === 'int') {
    const divisor: Frag =
      surplus === 1n ? factor.sql : (ctx) => sql`(${factor.sql(ctx)} * ${digits(surplus)})`;
    return result('money', rounded(1n, divisor), minor, [byZero(factor.sql)]);
  }
  return c.fail(expr, 'SQL divides money exactly only by integers and number literals.');
}

/** The decimal without trailing zeros after the point: 2.50 is 2.5, so 2.0 needs no rounding. */
function trimmed(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}
