import { SQLITE_DECIMAL } from '@specrun/expr';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Dialect } from './column-codec.js';
import type { ColumnDefault, ColumnSchema, ColumnType } from './schema-types.js';

/**
 * How each logical type is stored. SQLite tables are STRICT, so a column holds only its type.
 * Decimals on SQLite are canonical text (exact at any precision; sorted by their numeric value).
 */
const STORAGE: Record<ColumnType, Record<Dialect, string>> = {
  id: { sqlite: 'TEXT', postgres: 'text' },
  text: { sqlite: 'TEXT', postgres: 'text' },
  integer: { sqlite: 'INTEGER', postgres: 'bigint' },
  decimal: { sqlite: 'TEXT', postgres: 'numeric' },
  money: { sqlite: 'INTEGER', postgres: 'bigint' },
  boolean: { sqlite: 'INTEGER', postgres: 'boolean' },
  date: { sqlite: 'TEXT', postgres: 'date' },
  datetime: { sqlite: 'TEXT', postgres: 'timestamptz(3)' },
  json: { sqlite: 'TEXT', postgres: 'jsonb' },
  // A file's description, as JSON text: the same storage as the data URLs it replaces.
  file: { sqlite: 'TEXT', postgres: 'text' },
  // A list of files' descriptions, as JSON text like a file's: read whole, never queried.
  files: { sqlite: 'TEXT', postgres: 'text' },
  bytes: { sqlite: 'BLOB', postgres: 'bytea' },
};

/** The column's SQL type on a dialect. */
export function storageType(column: ColumnSchema, dialect: Dialect): RawBuilder<unknown> {
  return sql.raw(STORAGE[column.type][dialect]);
}

// SQLite has no date, decimal or boolean type: these checks keep the text and integers exact.
// `IS`, not `=`: an invalid date makes date() NULL, and a CHECK that is NULL passes.
function sqliteTypeCheck(
  type: ColumnType,
  c: RawBuilder<unknown>,
): RawBuilder<unknown> | undefined {
  switch (type) {
    case 'boolean':
      return sql`${c} IN (0, 1)`;
    case 'date':
      return sql`date(${c}) IS ${c}`;
    case 'datetime':
      return sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${c}) IS ${c}`;
    case 'decimal':
      return sql`${c} GLOB '*[0-9]' AND ${c} NOT GLOB '*[^0-9.-]*' AND ${c} NOT GLOB '?*-*' AND ${c} NOT GLOB '*.*.*'`;
    case 'json':
      return sql`json_valid(${c})`;
    default:
      return undefined;
  }
}

/** The CHECK a column needs (allowed values, and on SQLite the stored form), if any. */
export function columnCheck(
  column: ColumnSchema,
  dialect: Dialect,
): Expression<unknown> | undefined {
  const c = sql.ref(column.name) as RawBuilder<unknown>;
  const parts: RawBuilder<unknown>[] = [];
  if (column.values) parts.push(sql`${c} IN (${sql.join(column.values.map((v) => sql.lit(v)))})`);
  const typeCheck = dialect === 'sqlite' ? sqliteTypeCheck(column.type, c) : undefined;
  if (typeCheck) parts.push(typeCheck);
  return parts.length === 0 ? undefined : sql.join(parts, sql` AND `);
}

/** A stored default as an SQL literal on a dialect. */
export function defaultLiteral(column: ColumnSchema, value: ColumnDefault, dialect: Dialect) {
  if (column.type === 'boolean' && dialect === 'sqlite') return sql.lit(value ? 1 : 0);
  if (column.type === 'json') return sql.lit(JSON.stringify(value));
  return sql.lit(value);
}

/**
 * A column as an expression that sorts by its meaning: enums and states in their declared
 * order (low, normal, high), decimal text on SQLite by its number (a sort key computed by the
 * function open-sqlite.ts registers).
 */
export function sortableColumn(column: ColumnSchema, dialect: Dialect, ref: RawBuilder<unknown>) {
  if (column.values) {
    const cases = column.values.map((v, i) => sql`WHEN ${sql.lit(v)} THEN ${sql.lit(i)}`);
    return sql`(CASE ${ref} ${sql.join(cases, sql` `)} END)`;
  }
  // Exactly, at any precision: a REAL would tie decimals that differ beyond 15 digits.
  return column.type === 'decimal' && dialect === 'sqlite'
    ? sql`${sql.raw(SQLITE_DECIMAL.sortKey)}(${ref})`
    : ref;
}
