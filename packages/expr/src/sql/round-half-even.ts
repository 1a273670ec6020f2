import { sql, type RawBuilder } from 'kysely';
import type { SqlCompiler } from './compiler.js';

type Raw = RawBuilder<unknown>;

/** An exact quotient `m × p / q` of integers; q is never 0 where it is evaluated (NULLIF). */
export interface Quotient {
  m: Raw;
  p: Raw;
  q: Raw;
}

/**
 * SQL for `m × p / q` rounded half to even to a whole number, as divideHalfEven does: the same
 * answer on both databases, NULL when an operand is NULL or q is 0.
 *
 * PostgreSQL works in numeric, which never overflows: div() and mod() truncate as BigInt does.
 * SQLite has only 64-bit integers, whose `*` turns into a float on overflow: m is split as
 * (m / q) × q + m % q so that no intermediate exceeds the result or |p × q|, which the caller
 * keeps below 2^63 (see fitsSplit).
 *
 * Each value is named once in a derived table rather than repeated in the CASE, so that a chain
 * of roundings (`record.price * 0.9 / 3`) grows the SQL linearly, not exponentially.
 */
export function roundHalfEven(c: SqlCompiler, { m, p, q }: Quotient): Raw {
  const v = sql.id(c.alias());
  const s = sql.id(c.alias());
  const col = (table: Raw, name: string) => sql`${table}.${sql.id(name)}`;
  const [t, r, divisor] = [col(s, 't'), col(s, 'r'), col(s, 'q')];
  // |r| against |q| - |r| rather than 2|r| against |q|: no doubling to overflow.
  const rest = sql`(abs(${divisor}) - abs(${r}))`;
  const awayFromTruncation = sql`(abs(${r}) > ${rest} OR (abs(${r}) = ${rest} AND ${t} % 2 <> 0))`;
  const direction = sql`CASE WHEN (${r} > 0) = (${divisor} > 0) THEN 1 ELSE -1 END`;
  const rounded = sql`${t} + CASE WHEN ${awayFromTruncation} THEN ${direction} ELSE 0 END`;
  const [vm, vp, vq] = [col(v, 'm'), col(v, 'p'), col(v, 'q')];
  if (c.dialect === 'postgres') {
    const n = col(v, 'n');
    const parts = sql`SELECT div(${n}, ${vq}) AS t, mod(${n}, ${vq}) AS r, ${vq} AS q`;
    const values = sql`SELECT CAST(${m} AS numeric) * CAST(${p} AS numeric) AS n, CAST(NULLIF(${q}, 0) AS numeric) AS q`;
    // OFFSET 0 keeps the planner from pulling the derived tables up, which would write each
    // named value out again wherever it is used: a chain of roundings would plan in time
    // exponential in its length.
    return sql`(SELECT ${rounded} FROM (${parts} FROM (${values} OFFSET 0) AS ${v} OFFSET 0) AS ${s})`;
  }
  const remainder = sql`((${vm} % ${vq}) * ${vp})`;
  const parts = sql`SELECT (${vm} / ${vq}) * ${vp} + ${remainder} / ${vq} AS t, ${remainder} % ${vq} AS r, ${vq} AS q`;
  const values = sql`SELECT ${m} AS m, ${p} AS p, NULLIF(${q}, 0) AS q`;
  return sql`(SELECT ${rounded} FROM (${parts} FROM (${values}) AS ${v}) AS ${s})`;
}

const INT64_MAX = 2n ** 63n - 1n;

/** True when SQLite's split form of `m × p / q` cannot overflow for these constants. */
export function fitsSplit(p: bigint, q: bigint): boolean {
  const abs = (x: bigint) => (x < 0n ? -x : x);
  return abs(p) * abs(q) <= INT64_MAX;
}
