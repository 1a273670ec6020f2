import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { Store } from '../store/open-store.js';
import { writeTransaction } from '../store/write-transaction.js';
import type { TurnKey } from './turn-keys.js';

/**
 * Called by a write right before it decides on a count, with the keys of its turn (turnKeys):
 * from then until it commits, no other write changes what it counts. Everything before (reading
 * the body, checking references, section 6) runs alongside other writes, so the turn is held as
 * briefly as possible. No keys, no wait. The keys are given as a function: only PostgreSQL takes
 * them, and working them out hashes each one (SQLite's write transaction is the turn already).
 */
export type TakeTurn = (keys: () => readonly TurnKey[]) => Promise<void>;

/** A key as SQL text: only a signed 64-bit decimal is ever written into a statement. */
function bigintLiteral(id: string): string {
  if (!/^-?[0-9]{1,19}$/.test(id)) throw new Error(`Not a turn key: ${id}`);
  return id;
}

const noTurnNeeded: TakeTurn = async () => {};

/**
 * Runs a write in one transaction. A decision that counts other records (at most 5 open tickets,
 * one copy of a book out at a time) is made on rows the write does not touch: two writes could
 * each count before the other commits, and both pass. SQLite runs one write transaction at a
 * time, which rules that out. On PostgreSQL a write takes its turn's transaction-level advisory
 * locks, all in one statement and in ascending order: writes whose counts and rows share a key
 * run one after the other, each counting what the previous one committed, and none is ever
 * refused for having raced another (as SERIALIZABLE would refuse it, after doing all its work).
 * Writes sharing no key (two customers opening tickets) do not wait for each other.
 */
export async function countingTransaction<T>(
  store: Store,
  work: (trx: Db, takeTurn: TakeTurn) => Promise<T>,
): Promise<T> {
  if (store.dialect !== 'postgres')
    return writeTransaction(store, (trx) => work(trx, noTurnNeeded));
  return store.db.transaction().execute((trx) =>
    work(trx, async (keysOf) => {
      const keys = keysOf();
      if (keys.length === 0) return;
      // The keys are the engine's own numbers, written into the text: a statement without
      // parameters travels with the transaction's BEGIN (see postgres-dialect.ts).
      const ids = keys.map((k) => bigintLiteral(k.id)).join(',');
      const shared = keys.map((k) => (k.shared ? 't' : 'f')).join(',');
      // unnest answers the rows in the arrays' order: the locks are taken in ascending order.
      await sql
        .raw(
          `SELECT count(*) FROM (
        SELECT CASE WHEN l.shared THEN pg_advisory_xact_lock_shared(l.id) ELSE pg_advisory_xact_lock(l.id) END
        FROM unnest('{${ids}}'::bigint[], '{${shared}}'::bool[]) AS l(id, shared)) AS taken`,
        )
        .execute(trx);
    }),
  );
}
