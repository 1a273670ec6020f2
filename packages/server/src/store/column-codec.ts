import { canonicalDecimal, fromMinorUnits } from '@specrun/model';
import { decodeStoredFiles } from './file-list-values.js';
import { decodeStoredFile } from './file-values.js';
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

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function integer(raw: unknown): number | string {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
  const n = typeof raw === 'bigint' ? raw : BigInt(raw as string | number);
  // Beyond 2^53 a JSON number would round: hand out the exact digits instead.
  return n >= MIN_SAFE && n <= MAX_SAFE ? Number(n) : n.toString();
}

// SQLite's CHECK on datetime columns keeps them in exactly the form toISOString writes.
const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function instant(raw: unknown): string {
  if (raw instanceof Date) return raw.toISOString();
  const text = String(raw);
  return CANONICAL_INSTANT.test(text) ? text : new Date(text).toISOString();
}

type Decode = (raw: unknown) => unknown;

/** How a column's values are read, chosen once per column rather than per value. */
export function columnDecoder(column: ColumnSchema): Decode {
  const nullable =
    (decode: Decode): Decode =>
    (raw) =>
      raw === null || raw === undefined ? null : decode(raw);
  switch (column.type) {
    case 'integer':
      return nullable(integer);
    case 'money': {
      const scale = column.scale ?? 2;
      return nullable((raw) => fromMinorUnits(BigInt(raw as string | number | bigint), scale));
    }
    case 'decimal':
      return nullable((raw) => canonicalDecimal(String(raw)) ?? String(raw));
    case 'boolean':
      return nullable((raw) => raw === true || raw === 1 || raw === 1n);
    case 'datetime':
      return nullable(instant);
    case 'json':
      return nullable((raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw));
    case 'file':
      return decodeStoredFile;
    case 'files':
      return decodeStoredFiles;
    case 'bytes':
      return nullable((raw) => (Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array)));
    default:
      return (raw) =>
        raw === null || raw === undefined ? null : typeof raw === 'string' ? raw : String(raw);
  }
}

/** A value read from either driver, in its wire form. */
export function fromDriver(column: ColumnSchema, raw: unknown): unknown {
  return columnDecoder(column)(raw);
}
