import type { Db } from '../store/db-type.js';
import { SESSIONS_TABLE } from './account-tables.js';
import { newSessionToken, tokenHash } from './session-token.js';

/** Starts a session for a user and answers its token, which only the cookie will hold. */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = newSessionToken();
  const createdAt = now.getTime();
  await db
    .insertInto(SESSIONS_TABLE)
    .values({ tokenHash: tokenHash(token), userId, createdAt, expiresAt: createdAt + ttlMs })
    .execute();
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
