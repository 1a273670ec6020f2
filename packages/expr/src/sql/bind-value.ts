import { sql, type RawBuilder } from 'kysely';
import { toIsoDate } from '../dates.js';
import { decimalText, rescale, toDecimal } from '../decimal.js';
import { toMoney } from '../money.js';
import type { SqlDialect } from './mapping.js';
import type { SqlKind } from './sql-value.js';

const PG_TYPES: Partial<Record<SqlKind, string>> = {
  int: 'bigint',
  money: 'bigint',
  timestamp: 'bigint',
  duration: 'bigint',
  double: 'numeric',
  string: 'text',
  ref: 'text',
  bool: 'boolean',
  date: 'date',
};

/** A value already in its SQL form, bound as a parameter (typed by a cast on PostgreSQL). */
export function bound(d: SqlDialect, kind: SqlKind, value: unknown): RawBuilder<unknown> {
  if (value === null || value === undefined) return sql`NULL`;
  if (d === 'sqlite') {
    if (typeof value === 'boolean') return sql.val(value ? 1 : 0);
    return sql.val(value);
  }
  let type = PG_TYPES[kind] ?? 'text';
  // pg sends bigints as text; fractional milliseconds (durations in µs) need a float.
  if (typeof value === 'number' && type === 'bigint' && !Number.isInteger(value))
    type = 'double precision';
  const driverValue = typeof value === 'bigint' ? value.toString() : value;
  return sql`CAST(${sql.val(driverValue)} AS ${sql.raw(type)})`;
}

/**
 * A wire value (as records and users arrive) in its SQL form for a kind: ids from records or
 * strings, money as minor units at `scale`, dates "YYYY-MM-DD", datetimes as milliseconds.
 * Values that do not fit the kind become null, as a column could not hold them either.
 */
export function sqlForm(kind: SqlKind, value: unknown, scale = 2): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'string':
      if (typeof value === 'string') return value;
      // A file's value is its description (an object); expressions only ask whether it is null.
      return typeof value === 'object' && !Array.isArray(value) ? '' : null;
    case 'ref':
      if (typeof value === 'object' && 'id' in value) return sqlForm('ref', value.id);
      return typeof value === 'string' ? value : null;
    case 'int':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : null;
    case 'double': {
      // A decimal as the store keeps it: canonical text (numeric once bound on PostgreSQL).
      const d = toDecimal(value);
      return d ? decimalText(d) : null;
    }
    case 'bool':
      return typeof value === 'boolean' ? value : null;
    case 'money': {
      const m = toMoney(value);
      if (!m || m.scale > scale) return null;
      return rescale(m, scale).units;
    }
    case 'date':
      return toIsoDate(value) ?? null;
    case 'timestamp': {
      const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
      return Number.isNaN(ms) ? null : BigInt(ms);
    }
    default:
      return null;
  }
}
