import { AppError } from '../errors/app-error.js';
import type { Db } from '../store/db-type.js';
import type { Store } from '../store/open-store.js';
import type { PreparedEntity } from './prepared-entity.js';
import { writeTransaction } from '../store/write-transaction.js';

// PostgreSQL's answer when a serializable transaction lost to a concurrent one.
const SERIALIZATION_FAILURE = '40001';

/**
 * Runs a write in one transaction. A decision that counts other records (at most 5 open tickets,
 * one copy of a book out at a time) is made on rows the write does not touch: two writes could
 * each count before the other commits, and both pass. SQLite runs one write transaction at a
 * time, which rules that out; on PostgreSQL such writes run SERIALIZABLE, and the one that loses
 * is run again (`work` must only read and write through `trx`), up to SERIALIZABLE_ATTEMPTS
 * times, then answers CONFLICT.
 */
export async function countingTransaction<T>(
  store: Store,
  countsOthers: boolean,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (store.dialect !== 'postgres' || !countsOthers) return writeTransaction(store, work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== SERIALIZATION_FAILURE) throw error;
      // The loser of a race runs again, on what the winner committed: a caller sees CONFLICT
      // only when the same records stay contended attempt after attempt.
      if (attempt >= SERIALIZABLE_ATTEMPTS)
        throw new AppError('CONFLICT', 'Another change was made at the same time. Try again.');
      await pause(attempt);
    }
  }
}

/** How many times a write that lost a serialization race is run before CONFLICT is answered. */
export const SERIALIZABLE_ATTEMPTS = 6;

// A random wait, longer after each loss, so that racing writers stop meeting at the same instant.
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));

/** Whether a create or an update of the entity runs a section 5 rule that counts records. */
export function countsOthers(prepared: PreparedEntity, on: 'create' | 'update'): boolean {
  return prepared.rules.some((rule) => rule.counts && rule.on.includes(on));
}
