import { CompiledQuery } from 'kysely';
import type { Db } from './db-type.js';
import { merged } from '../objects/merged.js';

/**
 * Runs a statement at once, answering its rows (none for a write without RETURNING), or
 * undefined when it must wait its turn (see readNow). With `firstOnly`, a read that finds one row
 * at most (by a key) stops at it rather than looking for a second (SqliteConnection.run).
 */
export type ImmediateReader = (
  sql: string,
  parameters: readonly unknown[],
  firstOnly?: boolean,
) => Record<string, unknown>[] | undefined;

const readers = new WeakMap<Db, ImmediateReader>();

/** A database handle that runs statements at once itself: a SQLite write transaction's. */
export interface RunsAtOnce {
  runsAtOnce: ImmediateReader;
}

/** Lets readNow and runRead answer reads on `db` itself, without Kysely's executor (SQLite). */
export function allowImmediateReads(db: Db, reader: ImmediateReader): void {
  readers.set(db, reader);
}

/**
 * Runs a compiled read at once, or answers undefined when it cannot: then use runRead. SQLite's
 * driver is synchronous with one connection, so a read on the store itself runs at once when no
 * transaction holds the connection: it sees only committed data, exactly as it would after
 * queueing. Inside a transaction (a `db` that is one, or another request's transaction still
 * open) and on PostgreSQL it cannot.
 */
export function readNow(
  db: Db,
  query: CompiledQuery,
  parameters: readonly unknown[],
  firstOnly = false,
): Record<string, unknown>[] | undefined {
  const own = db as Partial<RunsAtOnce>;
  if (own.runsAtOnce) return own.runsAtOnce(query.sql, parameters, firstOnly);
  return readers.get(db)?.(query.sql, parameters, firstOnly);
}

/**
 * Runs a compiled read with these parameters: at once when it can (readNow), else through
 * Kysely, which queues it behind a transaction holding the connection. A write given the
 * transaction it belongs to runs at once on SQLite too (see sqlite-write-transaction.ts).
 */
export async function runRead(
  db: Db,
  query: CompiledQuery,
  parameters: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  const rows = readNow(db, query, parameters);
  if (rows) return rows;
  const result = await db.executeQuery<Record<string, unknown>>(merged(query, { parameters }));
  return result.rows;
}

/** Runs a compiled write in its transaction, answering the rows it returns: see runRead. */
export const runWrite = runRead;

/** Runs a statement given as text and parameters (compiled elsewhere), answering its rows. */
export async function runRows(
  db: Db,
  text: string,
  parameters: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  return runRead(db, CompiledQuery.raw(text, [...parameters]), parameters);
}
