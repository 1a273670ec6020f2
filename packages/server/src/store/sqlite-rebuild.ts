import { sql, type RawBuilder } from 'kysely';
import type { ColumnFate } from './column-fate.js';
import { defaultLiteral } from './column-types.js';
import { createIndexSql, createTableSql } from './ddl.js';
import type { ColumnSchema, TableSchema } from './schema-types.js';
import { ident, sqlText } from './sql-text.js';
import type { Db } from './db-type.js';

function replacement(column: ColumnSchema): RawBuilder<unknown> {
  return column.default === undefined
    ? sql`NULL`
    : (defaultLiteral(column, column.default, 'sqlite') as RawBuilder<unknown>);
}

/** The value a column of the rebuilt table takes from a row of the old one. */
function copyExpression(column: ColumnSchema, fate: ColumnFate | undefined): RawBuilder<unknown> {
  const c = ident(column.name);
  if (!fate) return c;
  if (!fate.change || fate.change.retype) return replacement(column);
  let value: RawBuilder<unknown> = c;
  if (fate.lost) value = sql`CASE WHEN ${fate.lost} THEN ${replacement(column)} ELSE ${c} END`;
  if (fate.filled && column.default !== undefined)
    value = sql`COALESCE(${value}, ${replacement(column)})`;
  return value;
}

/**
 * SQLite cannot change a column in place: the table is rebuilt (create the new one, copy the
 * rows, drop the old, rename), as SQLite's documentation prescribes, with foreign keys off.
 */
export function rebuildTableSql(
  db: Db,
  table: TableSchema,
  fates: Map<string, ColumnFate>,
): string[] {
  const temporary = `_specrun_rebuild_${table.name}`;
  const names = sql.join(table.columns.map((c) => ident(c.name)));
  const values = sql.join(table.columns.map((c) => copyExpression(c, fates.get(c.name))));
  return [
    createTableSql(db, 'sqlite', table, temporary),
    sqlText(
      db,
      sql`INSERT INTO ${ident(temporary)} (${names}) SELECT ${values} FROM ${ident(table.name)}`,
    ),
    sqlText(db, sql`DROP TABLE ${ident(table.name)}`),
    sqlText(db, sql`ALTER TABLE ${ident(temporary)} RENAME TO ${ident(table.name)}`),
    ...table.indexes.map((index) => createIndexSql(db, table.name, index)),
  ];
}
