import { compareDecimal, decimalArithmetic, decimalText, toDecimal } from '../decimal.js';

/**
 * The aggregates SQLite sums and orders decimals with (sum(), min(), max() and avg() of a
 * decimal): SQLite's own SUM, MIN and MAX would read the canonical text decimals are stored as
 * as a double, or as text. Each step reads the text by the code evaluate() runs (decimal.ts),
 * so that SQLite answers digit for digit as PostgreSQL's numeric does. NULLs are left out, as
 * SQL's aggregates leave them out; no value at all answers NULL.
 */
export const SQLITE_DECIMAL_AGGREGATES = {
  sum: 'sr_decimal_sum',
  min: 'sr_decimal_min',
  max: 'sr_decimal_max',
} as const;

type Step = (total: string | null, next: unknown) => string | null;

function exact(value: unknown): string | undefined {
  const d = typeof value === 'bigint' || typeof value === 'string' ? toDecimal(value) : undefined;
  return d ? decimalText(d) : undefined;
}

const sum: Step = (total, next) => {
  const value = exact(next);
  if (value === undefined) return total;
  if (total === null) return value;
  const result = decimalArithmetic('+', toDecimal(total)!, toDecimal(value)!);
  return result ? decimalText(result) : total;
};

const keep =
  (wanted: -1 | 1): Step =>
  (total, next) => {
    const value = exact(next);
    if (value === undefined) return total;
    if (total === null) return value;
    return Math.sign(compareDecimal(toDecimal(value)!, toDecimal(total)!)) === wanted
      ? value
      : total;
  };

/** Each aggregate's step: the total so far and the next value give the new total. */
export const DECIMAL_AGGREGATE_STEPS: Record<keyof typeof SQLITE_DECIMAL_AGGREGATES, Step> = {
  sum,
  min: keep(-1),
  max: keep(1),
};
