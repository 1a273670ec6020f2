import { sql, type RawBuilder } from 'kysely';
import { objectName } from './naming.js';
import { ident } from './sql-text.js';

/**
 * The names and expressions a table's full-text search is made of, shared by the migrations that
 * create it (search-ddl.ts) and the lists that query it (search-condition.ts): on PostgreSQL the
 * query must spell each column's document exactly as its index does, or the index is not used.
 */

/** SQLite: the FTS5 table of an entity's table (`_specrun_…`, so not taken for drift). */
export const searchTableName = (table: string) => `_specrun_search_${table}`;

/** SQLite: the trigger that keeps the FTS5 table in step with one kind of write. */
export const searchTriggerName = (table: string, on: 'insert' | 'update' | 'delete') =>
  `${searchTableName(table)}_${on}`;

/**
 * SQLite: the FTS5 column of the i-th searched column. FTS5 reserves `rank` and `rowid`, which are
 * fine field names, so its columns are numbered; search-condition.ts names them the same way.
 */
export const searchColumnName = (index: number) => `c${index}`;

/** PostgreSQL: the GIN index of one searched column. */
export const searchIndexName = (table: string, column: string) =>
  objectName(table, column, 'search');

/**
 * PostgreSQL's parser keeps e-mail addresses, host names, paths, decimals and hyphenated words
 * whole, where SQLite's splits them into words: these characters become spaces first, so that
 * `alice@example.com` is found by `example` on both.
 */
const JOINERS = '@./:_-+';

/**
 * PostgreSQL: a column's text as the words searched, with the `simple` configuration (lowercased,
 * no stemming, no stop words: a search for a name or a code finds it as typed, in any language).
 * Literals only, never parameters, so that the query's expression matches the index's.
 */
export function postgresDocument(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const spaces = ' '.repeat(JOINERS.length);
  return sql`to_tsvector('simple'::regconfig, translate(${column}, ${sql.lit(JOINERS)}, ${sql.lit(spaces)}))`;
}

/** A column of a table, qualified. */
export const qualified = (table: string, column: string) =>
  sql`${ident(table)}.${ident(column)}` as RawBuilder<unknown>;
