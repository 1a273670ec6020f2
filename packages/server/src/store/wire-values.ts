import { canonicalDecimal, canonicalInstant, isCalendarDate, toMinorUnits } from '@specrun/model';
import type { ColumnSchema } from './schema-types.js';

/**
 * A value on the wire (JSON) checked and brought to its canonical stored form, the same on
 * every dialect: money as bigint minor units, decimals as canonical text, dates "YYYY-MM-DD",
 * datetimes ISO-8601 UTC with milliseconds. A string is returned when the value is invalid.
 */
export type Canonical = { ok: true; value: unknown } | { ok: false; problem: string };

const ok = (value: unknown): Canonical => ({ ok: true, value });
const bad = (problem: string): Canonical => ({ ok: false, problem });

function money(column: ColumnSchema, value: unknown): Canonical {
  const scale = column.scale ?? 2;
  // A JSON number is already a float: only whole amounts are safe to take from one.
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string') return bad('must be an amount written as a string, like "12.50"');
  const units = toMinorUnits(text, scale);
  if (units === undefined) {
    return bad(`must be an amount with at most ${scale} digits after the point, like "12.50"`);
  }
  return ok(units);
}

/** Checks a wire value for a column and returns its canonical stored form; null stays null. */
export function canonicalValue(column: ColumnSchema, value: unknown): Canonical {
  if (value === null || value === undefined) return ok(null);
  switch (column.type) {
    case 'id':
    case 'text':
      if (typeof value !== 'string') return bad('must be a string');
      if (column.values && !column.values.includes(value)) {
        return bad(`must be one of ${column.values.join(', ')}`);
      }
      return ok(value);
    case 'integer':
      if (typeof value === 'bigint') return ok(value);
      return Number.isSafeInteger(value)
        ? ok(BigInt(value as number))
        : bad('must be a whole number');
    case 'decimal': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      const canonical = typeof text === 'string' ? canonicalDecimal(text) : undefined;
      return canonical === undefined ? bad('must be a decimal number, like "3.14"') : ok(canonical);
    }
    case 'money':
      return money(column, value);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : bad('must be true or false');
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? ok(value)
        : bad('must be a date written YYYY-MM-DD');
    case 'datetime':
      return canonicalInstant(value);
    case 'json':
      return ok(value);
    case 'file':
    case 'files':
      // A file is written by encodeValues (its bytes apart); compared, it is only ever empty.
      return bad('can only be empty here: a file is compared with nothing else');
    case 'bytes':
      return value instanceof Uint8Array ? ok(value) : bad('must be bytes');
  }
}
