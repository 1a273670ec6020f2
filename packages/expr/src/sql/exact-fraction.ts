import { sql } from 'kysely';
import { trimDecimal } from '../decimal.js';
import type { SqlCompiler } from './compiler.js';
import type { Frag, SqlValue } from './sql-value.js';

/** A part of a fraction: a constant known when compiling, or SQL. */
export type Part = bigint | Frag;

/**
 * A number as the exact fraction num / den. Integers unless `integral` is false (a decimal
 * field on PostgreSQL, whose numeric is exact as it is); `errors` are the conditions under
 * which it cannot be read exactly.
 */
export interface Fraction {
  num: Part;
  den: Part;
  integral: boolean;
  errors: Frag[];
}

/**
 * The exact value of a number operand: a literal or constant, an integer, or a decimal field
 * read from its stored text or numeric (never from the double `sql` reads). Undefined for a
 * number computed in floating point, which has no exact value to give. On SQLite a decimal
 * field's digits and decimals together may not exceed `maxDigits`, which keeps the integer
 * arithmetic that uses them within 64 bits.
 */
export function exactFraction(
  c: SqlCompiler,
  v: SqlValue,
  maxDigits: number,
): Fraction | undefined {
  if (v.decimal) {
    const d = trimDecimal(v.decimal);
    return { num: d.units, den: 10n ** BigInt(d.scale), integral: true, errors: [] };
  }
  if (v.kind === 'int') return { num: v.sql, den: 1n, integral: true, errors: [] };
  const text = v.kind === 'double' ? v.exactDecimal : undefined;
  if (!text) return undefined;
  if (c.dialect === 'postgres') return { num: text, den: 1n, integral: false, errors: [] };
  // The store keeps SQLite decimals as canonical text: "-12.5", "0.125", "3".
  const decimals = (t: ReturnType<Frag>) =>
    sql`(CASE WHEN instr(${t}, '.') = 0 THEN 0 ELSE length(${t}) - instr(${t}, '.') END)`;
  const num: Frag = (ctx) => sql`CAST(replace(${text(ctx)}, '.', '') AS INTEGER)`;
  const den: Frag = (ctx) =>
    sql`CAST(('1' || substr('000000000000000000', 1, ${decimals(text(ctx))})) AS INTEGER)`;
  const tooLong: Frag = (ctx) => {
    // A text of more than 19 digits casts to the largest integer, itself 19 digits: too long.
    const digits = sql`length(CAST(abs(${num(ctx)}) AS TEXT))`;
    return sql`(${digits} + ${decimals(text(ctx))} > ${sql.raw(String(maxDigits))})`;
  };
  return { num, den, integral: true, errors: [tooLong] };
}
