import { sql } from 'kysely';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { BeforeCredential } from './credential-policy.js';
import { firstAccountTaken } from './sign-up-mode.js';

// Any fixed number: first sign-ups on one PostgreSQL take turns.
const FIRST_ACCOUNT_LOCK = 7_236_452_021;

/** Whether any account exists. */
export async function hasAccounts(db: Db, users: EntityTable): Promise<boolean> {
  const row = await db.selectFrom(users.table).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside the sign-up's transaction: refuses unless no account exists yet. On PostgreSQL the
 * transactions of racing first sign-ups take a lock in turn, and each counts after the previous
 * committed (READ COMMITTED reads afresh per statement); SQLite's write transactions are already
 * one at a time. So of two first sign-ups, exactly one succeeds.
 */
export function onlyFirstAccount(dialect: Dialect, users: EntityTable): BeforeCredential {
  return async (trx) => {
    if (dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`.execute(trx);
    if (await hasAccounts(trx, users)) throw firstAccountTaken();
  };
}
