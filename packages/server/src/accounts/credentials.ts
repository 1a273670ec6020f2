import { accountEmail } from '@specrun/model';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import { classifyDbError } from '../store/db-errors.js';
import { CREDENTIALS_TABLE, DEACTIVATED_TABLE } from './account-tables.js';

/** A stored password hash and the account it opens. */
export interface Credential {
  userId: string;
  passwordHash: string;
  /** The account is deactivated: the right password still does not sign it in. */
  deactivated: boolean;
}

/**
 * Stores the password hash of an account about to be created, inside the transaction that creates
 * it. A hash stored meanwhile for the same email (a racing sign-up) is a ConstraintError, which
 * the operations answer as CONFLICT.
 */
export async function insertCredential(
  trx: Db,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  try {
    await trx
      .insertInto(CREDENTIALS_TABLE)
      .values({ email, passwordHash, changedAt: now.getTime() })
      .execute();
  } catch (error) {
    throw classifyDbError(error);
  }
}

/**
 * The credential of the account signing in with `email`, compared in its account form (see
 * accountEmail): every stored email is kept in that form, so one index lookup finds it. Whether
 * the account is deactivated comes in the same statement.
 */
export async function credentialByEmail(
  db: Db,
  users: EntityTable,
  email: string,
): Promise<Credential | undefined> {
  const row = await db
    .selectFrom(`${CREDENTIALS_TABLE} as c`)
    .innerJoin(`${users.table} as u`, 'u.email', 'c.email')
    .leftJoin(`${DEACTIVATED_TABLE} as d`, 'd.userId', 'u.id')
    .select(['u.id as userId', 'c.passwordHash as passwordHash', 'd.userId as deactivated'])
    .where('c.email', '=', accountEmail(email))
    .executeTakeFirst();
  if (!row) return undefined;
  const { userId, passwordHash, deactivated } = row;
  return { userId: String(userId), passwordHash: String(passwordHash), deactivated: !!deactivated };
}

/** The password hash of a user, by id. */
export async function credentialOf(
  db: Db,
  users: EntityTable,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(`${CREDENTIALS_TABLE} as c`)
    .innerJoin(`${users.table} as u`, 'u.email', 'c.email')
    .select('c.passwordHash as passwordHash')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? String(row.passwordHash) : undefined;
}

/** Replaces a user's password hash. */
export async function setPasswordHash(
  db: Db,
  users: EntityTable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const email = db.selectFrom(users.table).select('email').where('id', '=', userId);
  await db
    .updateTable(CREDENTIALS_TABLE)
    .set({ passwordHash, changedAt: now.getTime() })
    .where('email', '=', email)
    .execute();
}

/**
 * Moves a user's credential to their new email and, when given, a new password hash: one
 * statement in the transaction that changes the User, so the two never disagree. An email another
 * account signs in with is left alone: the User's own unique check refuses the change.
 */
export async function changeCredential(
  db: Db,
  oldEmail: string,
  change: { email: string; passwordHash?: string },
  now: Date,
): Promise<void> {
  if (change.email !== oldEmail) {
    const taken = await db
      .selectFrom(CREDENTIALS_TABLE)
      .select('email')
      .where('email', '=', change.email)
      .executeTakeFirst();
    if (taken) return;
  }
  await db
    .updateTable(CREDENTIALS_TABLE)
    .set({ ...change, changedAt: now.getTime() })
    .where('email', '=', oldEmail)
    .execute();
}
