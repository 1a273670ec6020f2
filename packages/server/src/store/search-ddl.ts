import { sql } from 'kysely';
import type { Dialect } from './column-codec.js';
import type { Db } from './db-type.js';
import {
  postgresDocument,
  searchColumnName,
  searchIndexName,
  searchTableName,
  searchTriggerName,
} from './search-sql.js';
import { ident, sqlText } from './sql-text.js';

/**
 * SQLite: a contentless FTS5 table (it keeps the words, not a copy of the text) whose rowids are
 * the entity table's, filled from the rows there now and kept in step by triggers on the table.
 * `contentless_delete=1` lets a row's words be deleted by rowid alone. Words are split as
 * `unicode61` does, accents kept, as PostgreSQL's `simple` configuration keeps them.
 */
function sqliteCreate(db: Db, table: string, columns: readonly string[]): string[] {
  const fts = ident(searchTableName(table));
  const own = sql.join(columns.map((_, i) => sql.raw(searchColumnName(i))));
  const values = (row: 'new') => sql.join(columns.map((c) => sql`${sql.raw(row)}.${ident(c)}`));
  const insert = sql`INSERT INTO ${fts} (rowid, ${own}) VALUES (new.rowid, ${values('new')});`;
  const remove = sql`DELETE FROM ${fts} WHERE rowid = old.rowid;`;
  const trigger = (on: 'insert' | 'update' | 'delete') => ident(searchTriggerName(table, on));
  const source = ident(table);
  return [
    sql`CREATE VIRTUAL TABLE ${fts} USING fts5(${own}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`,
    sql`INSERT INTO ${fts} (rowid, ${own}) SELECT rowid, ${sql.join(columns.map(ident))} FROM ${source}`,
    sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${source} BEGIN ${insert} END`,
    // Only a write to a searched column touches the index: a change of state costs nothing here.
    sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${sql.join(columns.map(ident))} ON ${source} BEGIN ${remove} ${insert} END`,
    sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${source} BEGIN ${remove} END`,
  ].map((s) => sqlText(db, s));
}

/** PostgreSQL: a GIN index per column on its words, so that a search may use any subset. */
function postgresCreate(db: Db, table: string, columns: readonly string[]): string[] {
  return columns.map((column) =>
    sqlText(
      db,
      sql`CREATE INDEX ${ident(searchIndexName(table, column))} ON ${ident(table)} USING gin (${postgresDocument(ident(column))})`,
    ),
  );
}

/** The statements that make a table's full-text search over `columns`, filled with its rows. */
export function createSearchSql(
  db: Db,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
): string[] {
  return dialect === 'sqlite'
    ? sqliteCreate(db, table, columns)
    : postgresCreate(db, table, columns);
}

/**
 * The statements that remove a table's full-text search. On SQLite the triggers go first: the
 * table may be rebuilt (dropped and made anew, with new rowids) before the search is made again.
 */
export function dropSearchSql(
  db: Db,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
): string[] {
  if (dialect === 'postgres')
    return columns.map((c) =>
      sqlText(db, sql`DROP INDEX IF EXISTS ${ident(searchIndexName(table, c))}`),
    );
  const triggers = (['insert', 'update', 'delete'] as const).map((on) =>
    sqlText(db, sql`DROP TRIGGER IF EXISTS ${ident(searchTriggerName(table, on))}`),
  );
  return [...triggers, sqlText(db, sql`DROP TABLE IF EXISTS ${ident(searchTableName(table))}`)];
}
