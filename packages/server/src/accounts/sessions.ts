import { AppError } from '../catalogue/app-error.js';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import { DEACTIVATED_TABLE, SESSIONS_TABLE } from './account-tables.js';
import { inAccountTurn } from './account-turn.js';
import { newSessionToken, tokenHash } from './session-token.js';

/**
 * Starts a session for a user and answers its token, which only the cookie will hold. A
 * deactivated account gets none (ACCOUNT_DEACTIVATED), decided in the account's turn: its
 * deactivation, which ends its sessions, cannot come between the check and the new session. So
 * every session there is belongs to an active account, and finding the caller by session needs
 * no look at deactivations on every request (actor-query.ts).
 */
export async function createSession(
  db: Db,
  dialect: Dialect,
  userId: string,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = newSessionToken();
  const createdAt = now.getTime();
  const started = await inAccountTurn(db, dialect, userId, async (trx) => {
    const deactivated = await trx
      .selectFrom(DEACTIVATED_TABLE)
      .select('userId')
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (deactivated) return false;
    await trx
      .insertInto(SESSIONS_TABLE)
      .values({ tokenHash: tokenHash(token), userId, createdAt, expiresAt: createdAt + ttlMs })
      .execute();
    return true;
  });
  if (!started) throw new AppError('ACCOUNT_DEACTIVATED');
  return token;
}

/** Ends one session; a token that names no session is already ended. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom(SESSIONS_TABLE).where('tokenHash', '=', tokenHash(token)).execute();
}

/** Ends every session of a user, on every device. */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom(SESSIONS_TABLE).where('userId', '=', userId).execute();
}

/** Forgets sessions that have expired; they already sign nobody in. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom(SESSIONS_TABLE).where('expiresAt', '<=', now.getTime()).execute();
}
