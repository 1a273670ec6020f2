import type { ColumnDefinitionBuilder, Compilable } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from './column-codec.js';
import { columnCheck, defaultLiteral, storageType } from './column-types.js';
import { objectName } from './naming.js';
import type { ColumnSchema, IndexSchema, TableSchema } from './schema-types.js';
import type { Db } from './db-type.js';

/** The SQL text of a Kysely schema query; DDL takes no parameters, so literals are inlined. */
export function ddlText(query: Compilable): string {
  const compiled = query.compile();
  if (compiled.parameters.length > 0) throw new Error(`DDL with parameters: ${compiled.sql}`);
  return compiled.sql;
}

function define(column: ColumnSchema, dialect: Dialect) {
  return (c: ColumnDefinitionBuilder) => {
    let col = column.nullable ? c : c.notNull();
    if (column.default !== undefined)
      col = col.defaultTo(defaultLiteral(column, column.default, dialect));
    return col;
  };
}

/**
 * CREATE TABLE for a table. PostgreSQL gets its foreign keys afterwards (see foreignKeySql),
 * because a table may refer to one created later in the same migration.
 */
export function createTableSql(db: Db, dialect: Dialect, table: TableSchema, as = table.name) {
  let q = db.schema.createTable(as);
  for (const column of table.columns) {
    q = q.addColumn(column.name, storageType(column, dialect), define(column, dialect));
  }
  q = q.addPrimaryKeyConstraint(objectName(table.name, 'pkey'), table.primaryKey as never[]);
  for (const column of table.columns) {
    const check = columnCheck(column, dialect);
    if (check) q = q.addCheckConstraint(objectName(table.name, column.name, 'check'), check);
    if (column.references && dialect === 'sqlite') {
      const { table: target, onDelete } = column.references;
      const name = objectName(table.name, column.name, 'fkey');
      q = q.addForeignKeyConstraint(name, [column.name as never], target, ['id'], (fk) =>
        fk.onDelete(onDelete),
      );
    }
  }
  if (dialect === 'sqlite') q = q.modifyEnd(sql`STRICT`);
  return ddlText(q);
}

/** PostgreSQL: ALTER TABLE … ADD CONSTRAINT for a column's foreign key. */
export function foreignKeySql(db: Db, table: string, column: ColumnSchema): string {
  const { table: target, onDelete } = column.references!;
  const q = db.schema
    .alterTable(table)
    .addForeignKeyConstraint(objectName(table, column.name, 'fkey'), [column.name], target, ['id'])
    .onDelete(onDelete);
  return ddlText(q);
}

/** PostgreSQL: ALTER TABLE … ADD CONSTRAINT for a column's CHECK, when it has one. */
export function checkSql(db: Db, table: string, column: ColumnSchema): string[] {
  const check = columnCheck(column, 'postgres');
  const name = objectName(table, column.name, 'check');
  return check ? [ddlText(db.schema.alterTable(table).addCheckConstraint(name, check))] : [];
}

/** An index's columns as CREATE INDEX lists them: `createdAt desc` where it descends. */
export function indexColumns(index: IndexSchema): string[] {
  return index.columns.map((c) => (index.descending?.includes(c) ? `${c} desc` : c));
}

/** CREATE [UNIQUE] INDEX. */
export function createIndexSql(db: Db, table: string, index: IndexSchema): string {
  let q = db.schema.createIndex(index.name).on(table).columns(indexColumns(index));
  if (index.unique) q = q.unique();
  return ddlText(q);
}

/** ALTER TABLE … ADD COLUMN with its constraints (on PostgreSQL as separate statements). */
export function addColumnSql(db: Db, dialect: Dialect, table: string, column: ColumnSchema) {
  const type = storageType(column, dialect);
  if (dialect === 'postgres') {
    const add = db.schema.alterTable(table).addColumn(column.name, type, define(column, dialect));
    const fk = column.references ? [foreignKeySql(db, table, column)] : [];
    return [ddlText(add), ...checkSql(db, table, column), ...fk];
  }
  const add = db.schema.alterTable(table).addColumn(column.name, type, (c) => {
    let col = define(column, dialect)(c);
    const check = columnCheck(column, dialect);
    if (check) col = col.check(check);
    if (column.references) {
      col = col.references(`${column.references.table}.id`).onDelete(column.references.onDelete);
    }
    return col;
  });
  return [ddlText(add)];
}
