import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityTable } from './entity-tables.js';
import { postgresDocument, qualified, searchColumnName, searchTableName } from './search-sql.js';
import { ident } from './sql-text.js';

/**
 * SQLite: an FTS5 query for the words in the given FTS5 columns (`{c0 c2} : ("print" AND "jam" *)`).
 * Each word is quoted, and a word holds only letters and digits (see searchWords), so nothing in
 * it is FTS5 syntax; the column filter keeps the search to the columns named.
 */
function ftsQuery(columns: readonly number[], words: readonly string[]): string {
  const last = words.length - 1;
  const phrases = words.map((w, i) => `"${w}"${i === last ? ' *' : ''}`);
  return `{${columns.map(searchColumnName).join(' ')}} : (${phrases.join(' AND ')})`;
}

/** PostgreSQL: one word as a tsquery, the last as the start of a word. */
const tsquery = (word: string, last: boolean) => `'${word}'${last ? ':*' : ''}`;

/**
 * The records whose `columns` hold every word, each in any of them, the last word as the start of
 * a word (`prin` finds "Printer"): in the table's full-text index, so a search costs a lookup per
 * word. `columns` are among the table's searched ones; the caller passes those the reader may
 * read on every record, so that a search can never find a record by a value they cannot see.
 * With no column, nothing matches.
 */
export function searchCondition(
  table: EntityTable,
  columns: readonly string[],
  words: readonly string[],
): RawBuilder<SqlBool> {
  const searched = table.search ?? [];
  const usable = columns.filter((c) => searched.includes(c));
  if (usable.length === 0 || words.length === 0) return sql<SqlBool>`1 = 0`;
  if (table.dialect === 'sqlite') {
    const fts = ident(searchTableName(table.table));
    const query = ftsQuery(
      usable.map((c) => searched.indexOf(c)),
      words,
    );
    return sql<SqlBool>`${ident(table.table)}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query})`;
  }
  // Each word in any column, every word: a GIN index lookup per word and column.
  const last = words.length - 1;
  const each = words.map((word, i) => {
    const query = tsquery(word, i === last);
    const matches = usable.map(
      (c) =>
        sql`${postgresDocument(qualified(table.table, c))} @@ to_tsquery('simple'::regconfig, ${query})`,
    );
    return sql`(${sql.join(matches, sql` OR `)})`;
  });
  return sql<SqlBool>`(${sql.join(each, sql` AND `)})`;
}
