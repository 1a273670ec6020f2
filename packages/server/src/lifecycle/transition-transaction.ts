import { AppError } from '../errors/app-error.js';
import type { Db } from '../store/db-type.js';
import type { Store } from '../store/open-store.js';
import { writeTransaction } from '../store/write-transaction.js';

// PostgreSQL's answer when a serializable transaction lost to a concurrent one.
const SERIALIZATION_FAILURE = '40001';

/**
 * Runs a transition's work in one transaction. A guard that counts other records (one copy of a
 * book out at a time) is a decision on rows the transition does not write: two transitions on two
 * records could each count before the other writes, and both pass. SQLite runs one write
 * transaction at a time, which rules that out; on PostgreSQL such transitions run SERIALIZABLE,
 * and the one that loses answers CONFLICT, to be tried again.
 */
export async function transitionTransaction<T>(
  store: Store,
  countsOthers: boolean,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (store.dialect !== 'postgres' || !countsOthers) return writeTransaction(store, work);
  try {
    return await store.db.transaction().setIsolationLevel('serializable').execute(work);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== SERIALIZATION_FAILURE) throw error;
    throw new AppError('CONFLICT', 'Another change was made at the same time. Try again.');
  }
}
