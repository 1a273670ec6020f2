import { sql, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import { keepAccountEmails } from './account-emails.js';

// `_specrun_` tables are the engine's own: the schema snapshot, drift detection and migration
// plans leave them alone (see store/find-drift.ts), so they never disturb schema evolution.

/** Password hashes, one per account, keyed by the account's email. */
export const CREDENTIALS_TABLE = '_specrun_credentials';
/** Signed-in sessions: only a SHA-256 of each token is kept. */
export const SESSIONS_TABLE = '_specrun_sessions';
/** Deactivated accounts, one row each while they stay so: they cannot sign in (see deactivation.ts). */
export const DEACTIVATED_TABLE = '_specrun_deactivated_accounts';
/** Recent sign-in and sign-up attempts, counted by hashed address and account for the limits. */
export const ATTEMPTS_TABLE = '_specrun_sign_in_attempts';

// Any fixed number: servers starting together on one PostgreSQL create the tables one at a time.
const ACCOUNT_TABLES_LOCK = 7_236_452_020;

/** Instants are whole milliseconds since 1970, compared in SQL: no time zone can creep in. */
const instant = (dialect: Dialect) => (dialect === 'postgres' ? 'bigint' : 'integer');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's table type
type Builder = CreateTableBuilder<any, any>;

const strict = (dialect: Dialect, q: Builder) =>
  dialect === 'sqlite' ? q.modifyEnd(sql`STRICT`) : q;

/**
 * Credentials refer to the user by email, not id, because the password hash must be written in
 * the same transaction as the user and before the store gives the user its id (the sign-up
 * policy writes it; see credential-policy.ts). The key is checked at commit (DEFERRABLE
 * INITIALLY DEFERRED), follows an email change (ON UPDATE CASCADE) and goes with the user.
 */
function credentials(db: Db, dialect: Dialect, users: string) {
  const q = db.schema
    .createTable(CREDENTIALS_TABLE)
    .ifNotExists()
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('changedAt', instant(dialect), (c) => c.notNull())
    .addForeignKeyConstraint(`${CREDENTIALS_TABLE}_email_fkey`, ['email'], users, ['email'], (fk) =>
      fk.onUpdate('cascade').onDelete('cascade').deferrable().initiallyDeferred(),
    );
  return strict(dialect, q);
}

function sessions(db: Db, dialect: Dialect, users: string) {
  const q = db.schema
    .createTable(SESSIONS_TABLE)
    .ifNotExists()
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('createdAt', instant(dialect), (c) => c.notNull())
    .addColumn('expiresAt', instant(dialect), (c) => c.notNull())
    .addForeignKeyConstraint(`${SESSIONS_TABLE}_userId_fkey`, ['userId'], users, ['id'], (fk) =>
      fk.onDelete('cascade'),
    );
  return strict(dialect, q);
}

/**
 * Kept apart from the User record: deactivating is about signing in, not a field of the user, and
 * a table of its own comes to an existing database by CREATE … IF NOT EXISTS, with nothing to
 * alter. It goes with the user.
 */
function deactivated(db: Db, dialect: Dialect, users: string) {
  const q = db.schema
    .createTable(DEACTIVATED_TABLE)
    .ifNotExists()
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('deactivatedAt', instant(dialect), (c) => c.notNull())
    .addColumn('deactivatedBy', 'text')
    .addForeignKeyConstraint(`${DEACTIVATED_TABLE}_userId_fkey`, ['userId'], users, ['id'], (fk) =>
      fk.onDelete('cascade'),
    );
  return strict(dialect, q);
}

function attempts(db: Db, dialect: Dialect) {
  const q = db.schema
    .createTable(ATTEMPTS_TABLE)
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', instant(dialect), (c) => c.notNull());
  return strict(dialect, q);
}

const index = (db: Db, name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).ifNotExists().on(table).columns(columns);

async function create(db: Db, dialect: Dialect, users: string): Promise<void> {
  await credentials(db, dialect, users).execute();
  await sessions(db, dialect, users).execute();
  await attempts(db, dialect).execute();
  await deactivated(db, dialect, users).execute();
  // Revoking every session of a user, and the cascade when a user is deleted, look up by user.
  await index(db, `${SESSIONS_TABLE}_userId_idx`, SESSIONS_TABLE, ['userId']).execute();
  await index(db, `${SESSIONS_TABLE}_expiresAt_idx`, SESSIONS_TABLE, ['expiresAt']).execute();
  await index(db, `${ATTEMPTS_TABLE}_key_idx`, ATTEMPTS_TABLE, ['key', 'at']).execute();
  await index(db, `${ATTEMPTS_TABLE}_at_idx`, ATTEMPTS_TABLE, ['at']).execute();
}

/**
 * Creates the account tables when they are missing; safe to run at every start, and by several
 * servers at once. Run it after the model's migration, which creates the users table they refer
 * to. `users` is the User entity's table. Emails stored before they were kept in their account
 * form are brought to it, or refused (CONFLICT) when two would become one: see keepAccountEmails.
 */
export async function ensureAccountTables(db: Db, dialect: Dialect, users: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // CREATE … IF NOT EXISTS is not safe against a concurrent CREATE on PostgreSQL.
    if (dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_TABLES_LOCK})`.execute(trx);
    await create(trx, dialect, users);
    await keepAccountEmails(trx, dialect, users);
  });
}
