import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { Store } from '../store/open-store.js';
import { writeTransaction } from '../store/write-transaction.js';
import type { PreparedEntity } from './prepared-entity.js';

/**
 * Runs a write in one transaction. A decision that counts other records (at most 5 open tickets,
 * one copy of a book out at a time) is made on rows the write does not touch: two writes could
 * each count before the other commits, and both pass. SQLite runs one write transaction at a
 * time, which rules that out. On PostgreSQL the writes of one entity that count (`counting`
 * names the entity's table) take that entity's transaction-level advisory lock first: they run one
 * after the other, each counting what the previous one committed, and none is ever refused for
 * having raced another (as SERIALIZABLE would refuse it, after doing all its work).
 */
export async function countingTransaction<T>(
  store: Store,
  counting: string | undefined,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (store.dialect !== 'postgres' || counting === undefined) return writeTransaction(store, work);
  return store.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`specrun:counting:${counting}`}))`.execute(
      trx,
    );
    return work(trx);
  });
}

/** The lock scope of a create or an update of the entity when a section 5 rule of it counts. */
export function countsOthers(
  prepared: PreparedEntity,
  on: 'create' | 'update',
): string | undefined {
  const counts = prepared.rules.some((rule) => rule.counts && rule.on.includes(on));
  return counts ? prepared.table.table : undefined;
}
