import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './db-type.js';
import { runRows } from './fast-reads.js';
import type { SqliteReader } from './sqlite-reader.js';

/**
 * A read whose cost a client decides (a list with its filter, and its count): it runs where it
 * cannot hold the event loop, and stops at its time limit.
 */
export interface ReadBound {
  /** The longest it may run, in milliseconds (MAX_STATEMENT_MS). */
  timeLimitMs: number;
  /**
   * On SQLite, how many rows may go by between two looks at the clock: 1 when one row can cost
   * much (the filter joins or searches strings), more when each row costs little.
   */
  rowsPerCheck: number;
}

const readers = new WeakMap<Db, SqliteReader>();

/** Sends the bounded reads of `db` (SQLite) to a reader thread. */
export function allowBoundedReads(db: Db, reader: SqliteReader): void {
  readers.set(db, reader);
}

/**
 * The condition a bounded read on SQLite adds to its WHERE: the reader thread's clock, looked at
 * once every `rowsPerCheck` rows of `table` (the term names the table, so SQLite tests it row by
 * row). None on PostgreSQL, whose statement_timeout stops the statement.
 */
export function timeCheck(
  db: Db,
  table: string,
  bound: ReadBound,
): RawBuilder<SqlBool> | undefined {
  if (!readers.has(db)) return undefined;
  const every = Math.max(1, Math.trunc(bound.rowsPerCheck));
  return sql<SqlBool>`(${sql.ref(`${table}.rowid`)} % ${sql.lit(every)} <> 0 OR specrun_in_time())`;
}

/**
 * Runs a bounded read: on SQLite on the reader thread (see SqliteReader), on PostgreSQL through
 * the pool, whose connections carry statement_timeout, so the event loop never waits on it.
 */
export function runBounded(
  db: Db,
  text: string,
  parameters: readonly unknown[],
  bound: ReadBound,
): Promise<Record<string, unknown>[]> {
  const reader = readers.get(db);
  if (reader) return reader.read(text, parameters, bound.timeLimitMs);
  return runRows(db, text, parameters);
}
