import { createHash } from 'node:crypto';
import type { Db } from '../store/db-type.js';
import { newId } from '../store/ids.js';
import { ATTEMPTS_TABLE } from './account-tables.js';

/** The window sign-in attempts are counted in. */
export const SIGN_IN_WINDOW_MS = 60_000;
/** The window sign-up attempts are counted in, the longest of all. */
export const SIGN_UP_WINDOW_MS = 3_600_000;

/** What an attempt may do: go on, or wait this many seconds. */
export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One count an attempt goes into, and how many it may hold in the window. */
export interface Counter {
  key: string;
  limit: number;
}

/** A key for the attempts table: only hashes are kept (people type passwords into email fields). */
export function attemptKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/**
 * Counts an attempt against each counter, in the database so that every server shares the
 * counts. The attempt is written first and committed, then counted with every other committed
 * attempt of the window: two servers racing at a limit both see each other, so no limit is ever
 * exceeded. A refused attempt is taken back, so waiting the answered Retry-After is enough.
 */
export async function countAttempt(
  db: Db,
  counters: readonly Counter[],
  windowMs: number,
  now: Date,
): Promise<AttemptVerdict> {
  const at = now.getTime();
  const rows = counters.map(({ key }) => ({ id: newId(), key, at }));
  await db.insertInto(ATTEMPTS_TABLE).values(rows).execute();
  const counts = await db
    .selectFrom(ATTEMPTS_TABLE)
    .select(['key', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('at').as('oldest')])
    .where(
      'key',
      'in',
      counters.map((c) => c.key),
    )
    .where('at', '>', at - windowMs)
    .groupBy('key')
    .execute();
  const limits = new Map(counters.map((c) => [c.key, c.limit]));
  const over = counts.filter((c) => Number(c.n) > limits.get(String(c.key))!);
  if (over.length === 0) return { allowed: true };
  await db
    .deleteFrom(ATTEMPTS_TABLE)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const freed = Math.max(...over.map((c) => Number(c.oldest) + windowMs));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freed - at) / 1000)) };
}

/** Forgets attempts older than the longest window; they no longer count. */
export async function deleteOldAttempts(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom(ATTEMPTS_TABLE)
    .where('at', '<=', now.getTime() - SIGN_UP_WINDOW_MS)
    .execute();
}
