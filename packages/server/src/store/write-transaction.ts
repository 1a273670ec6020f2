import { sql } from 'kysely';
import type { Db } from './db-type.js';
import type { Store } from './open-store.js';
import { sqliteWriteOf } from './sqlite-write-transaction.js';

/** SQLite only: run with foreign keys off (restored after), for table rebuilds. */
export interface WriteTransactionOptions {
  foreignKeysOff?: boolean;
}

/**
 * Runs `work` in one transaction (IMMEDIATE on SQLite); commits when it resolves, rolls back
 * when it throws. Record operations given the transaction join it.
 */
export async function writeTransaction<T>(
  store: Store,
  work: (trx: Db) => Promise<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  if (store.dialect !== 'sqlite' || !options.foreignKeysOff) {
    const write = sqliteWriteOf(store.db);
    return write ? write(work) : store.db.transaction().execute(work);
  }
  return store.db.connection().execute(async (connection) => {
    // The pragma does nothing inside a transaction: it is set around it, on this connection.
    await sql`PRAGMA foreign_keys = OFF`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(connection);
    }
  });
}
