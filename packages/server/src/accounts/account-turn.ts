import { sql } from 'kysely';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';

/**
 * Runs `work` in a transaction (the caller's, when `db` already is one) that takes its turn with
 * every other change of this account's standing: starting a session and deactivating the account
 * never interleave, so a session is either ended by the deactivation or never started. On SQLite
 * write transactions already take turns (BEGIN IMMEDIATE); on PostgreSQL a transaction-level
 * advisory lock on the account's id does it, a key of two integers apart from the other locks'.
 */
export function inAccountTurn<T>(
  db: Db,
  dialect: Dialect,
  userId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const run = async (trx: Db) => {
    if (dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(hashtext('specrun account'), hashtext(${userId}))`.execute(
        trx,
      );
    return work(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
