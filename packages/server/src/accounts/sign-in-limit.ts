import { createHash } from 'node:crypto';
import type { Db } from '../store/db-type.js';
import { newId } from '../store/ids.js';
import { ATTEMPTS_TABLE } from './account-tables.js';

const WINDOW_MS = 60_000;

/** What a sign-in attempt may do: go on, or wait this many seconds. */
export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The keys an attempt is counted under: the client's address and the account's email. Only
 * hashes are stored — people sometimes type a password into the email field.
 */
export function attemptKeys(address: string, email: string): string[] {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
  return [hash(`address\u0000${address}`), hash(`account\u0000${email.trim().toLowerCase()}`)];
}

/**
 * Counts a sign-in attempt against SIGN_IN_ATTEMPTS_PER_MINUTE for each key, in the database so
 * that every server shares the count. The attempt is written first and committed, then counted
 * with every other committed attempt of the last minute: two servers racing at the limit both
 * see each other, so the limit is never exceeded. A refused attempt is taken back, so waiting
 * the answered Retry-After is enough.
 */
export async function countAttempt(
  db: Db,
  keys: readonly string[],
  limit: number,
  now: Date,
): Promise<AttemptVerdict> {
  const at = now.getTime();
  const rows = keys.map((key) => ({ id: newId(), key, at }));
  await db.insertInto(ATTEMPTS_TABLE).values(rows).execute();
  const counts = await db
    .selectFrom(ATTEMPTS_TABLE)
    .select(['key', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('at').as('oldest')])
    .where('key', 'in', [...keys])
    .where('at', '>', at - WINDOW_MS)
    .groupBy('key')
    .execute();
  const over = counts.filter((c) => Number(c.n) > limit);
  if (over.length === 0) return { allowed: true };
  await db
    .deleteFrom(ATTEMPTS_TABLE)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const freed = Math.max(...over.map((c) => Number(c.oldest) + WINDOW_MS));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freed - at) / 1000)) };
}

/** Forgets attempts older than the window; they no longer count. */
export async function deleteOldAttempts(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom(ATTEMPTS_TABLE)
    .where('at', '<=', now.getTime() - WINDOW_MS)
    .execute();
}
