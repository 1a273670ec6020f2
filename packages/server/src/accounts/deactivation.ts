import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import { DEACTIVATED_TABLE } from './account-tables.js';
import { inAccountTurn } from './account-turn.js';
import { revokeUserSessions } from './sessions.js';

/** When an account was deactivated, and by whom (null: by the owner at the command line). */
export interface Deactivation {
  userId: string;
  deactivatedAt: Date;
  deactivatedBy: string | null;
}

/**
 * Deactivates an account and ends every session of it, on every device, in one transaction taking
 * the account's turn (see createSession): the next request of any of them is nobody's, and no
 * sign-in under way can start a session after it. Deactivating it again keeps the first time
 * and author.
 */
export async function deactivateAccount(
  db: Db,
  dialect: Dialect,
  userId: string,
  by: string | null,
  now: Date,
): Promise<void> {
  await inAccountTurn(db, dialect, userId, async (trx) => {
    await trx
      .insertInto(DEACTIVATED_TABLE)
      .values({ userId, deactivatedAt: now.getTime(), deactivatedBy: by })
      .onConflict((c) => c.column('userId').doNothing())
      .execute();
    await revokeUserSessions(trx, userId);
  });
}

/** Lets a deactivated account sign in again; its password is the one it had. */
export async function reactivateAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom(DEACTIVATED_TABLE).where('userId', '=', userId).execute();
}

/** The deactivations among these accounts, by user id; an active account has none. */
export async function deactivationsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Deactivation>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom(DEACTIVATED_TABLE)
    .select(['userId', 'deactivatedAt', 'deactivatedBy'])
    .where('userId', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((row) => [
      String(row.userId),
      {
        userId: String(row.userId),
        deactivatedAt: new Date(Number(row.deactivatedAt)),
        deactivatedBy: row.deactivatedBy === null ? null : String(row.deactivatedBy),
      },
    ]),
  );
}
