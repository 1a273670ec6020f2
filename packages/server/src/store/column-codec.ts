import { canonicalDecimal, fromMinorUnits } from '@specrun/model';
import type { ColumnSchema } from './schema-types.js';
import { canonicalValue } from './wire-values.js';

/** The two databases the store runs on. */
export type Dialect = 'sqlite' | 'postgres';

/** One value that cannot be stored, with the field it belongs to. */
export interface ValueIssue {
  field: string;
  code: 'INVALID_VALUE' | 'UNKNOWN_FIELD' | 'READ_ONLY';
  message: string;
}

/** Thrown when values cannot be stored; lists every problem, not just the first. */
export class InvalidValuesError extends Error {
  constructor(readonly issues: ValueIssue[]) {
    super(issues.map((i) => `${i.field} ${i.message}`).join('; '));
    this.name = 'InvalidValuesError';
  }
}

/** A canonical value in the form the dialect's driver binds. */
export function toDriver(column: ColumnSchema, value: unknown, dialect: Dialect): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'json') return JSON.stringify(value);
  // better-sqlite3 binds no booleans; the column is INTEGER CHECK IN (0, 1).
  if (column.type === 'boolean' && dialect === 'sqlite') return value ? 1 : 0;
  return value;
}

/** A wire value in the driver's form; throws InvalidValuesError when it cannot be stored. */
export function encodeColumn(column: ColumnSchema, value: unknown, dialect: Dialect): unknown {
  const canonical = canonicalValue(column, value);
  if (!canonical.ok) {
    throw new InvalidValuesError([
      { field: column.name, code: 'INVALID_VALUE', message: canonical.problem },
    ]);
  }
  return toDriver(column, canonical.value, dialect);
}

function integer(raw: unknown): number | string {
  const n = typeof raw === 'bigint' ? raw : BigInt(raw as string | number);
  // Beyond 2^53 a JSON number would round: hand out the exact digits instead.
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n.toString();
}

/** A value read from either driver, in its wire form. */
export function fromDriver(column: ColumnSchema, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (column.type) {
    case 'integer':
      return integer(raw);
    case 'money':
      return fromMinorUnits(BigInt(raw as string | number | bigint), column.scale ?? 2);
    case 'decimal':
      return canonicalDecimal(String(raw)) ?? String(raw);
    case 'boolean':
      return raw === true || raw === 1 || raw === 1n;
    case 'datetime':
      return raw instanceof Date ? raw.toISOString() : new Date(String(raw)).toISOString();
    case 'json':
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    default:
      return String(raw);
  }
}
