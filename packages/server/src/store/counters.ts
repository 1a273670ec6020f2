import { sql } from 'kysely';
import type { Db } from './db-type.js';
import type { Store } from './open-store.js';

// An engine table (`_specrun_…`): drift detection and migration plans leave it alone.
/** The last number given in each series of numbered records (see nextNumber). */
export const COUNTERS_TABLE = '_specrun_counters';

// Any fixed number: servers starting together on one PostgreSQL create the table one at a time.
const COUNTERS_LOCK = 7_236_452_021;

const ensured = new WeakMap<Store, Promise<void>>();

async function create(store: Store): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    // CREATE … IF NOT EXISTS is not safe against a concurrent CREATE on PostgreSQL.
    if (store.dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${COUNTERS_LOCK})`.execute(trx);
    let q = trx.schema
      .createTable(COUNTERS_TABLE)
      .ifNotExists()
      .addColumn('series', 'text', (c) => c.primaryKey())
      .addColumn('value', store.dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull());
    if (store.dialect === 'sqlite') q = q.modifyEnd(sql`STRICT`);
    await q.execute();
  });
}

/** Creates the counters table once per store, when the first numbered record is made. */
export function ensureCounters(store: Store): Promise<void> {
  let done = ensured.get(store);
  if (!done) {
    done = create(store);
    // A failure is not remembered: the next create tries again.
    done.catch(() => ensured.delete(store));
    ensured.set(store, done);
  }
  return done;
}

/**
 * The next number of a series, in the caller's transaction: one statement that inserts the
 * series at 1 or adds one to it. On PostgreSQL the row stays locked until the transaction ends,
 * so a racing create of the same series waits and then reads the committed number (or the same
 * one, when this transaction rolls back): numbers are never skipped nor given twice. SQLite runs
 * one write transaction at a time.
 */
export async function nextNumber(trx: Db, series: string): Promise<number> {
  const { rows } = await sql<{ value: number | string }>`
    INSERT INTO ${sql.table(COUNTERS_TABLE)} (series, value) VALUES (${series}, 1)
    ON CONFLICT (series) DO UPDATE SET value = ${sql.table(COUNTERS_TABLE)}.value + 1
    RETURNING value`.execute(trx);
  return Number(rows[0]!.value);
}
