import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { Accounts } from './accounts-setup.js';
import { attemptKeys, countAttempt, deleteOldAttempts } from './sign-in-limit.js';
import { deleteExpiredSessions } from './sessions.js';

const TIDY_EVERY_MS = 60_000;
const lastTidy = new WeakMap<Accounts, number>();

/** Now and then, forgets attempts and sessions that no longer count; never on every request. */
async function tidy(accounts: Accounts, now: Date): Promise<void> {
  const last = lastTidy.get(accounts) ?? 0;
  if (now.getTime() - last < TIDY_EVERY_MS) return;
  lastTidy.set(accounts, now.getTime());
  const db = accounts.deps.app.store.db;
  await deleteOldAttempts(db, now);
  await deleteExpiredSessions(db, now);
}

/**
 * Counts a password attempt for the client's address and the account's email, and refuses it
 * with RATE_LIMITED and Retry-After once SIGN_IN_ATTEMPTS_PER_MINUTE is reached for either.
 */
export async function limitAttempt(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  now: Date,
): Promise<void> {
  await tidy(accounts, now);
  const limit = accounts.limits.signInAttemptsPerMinute;
  const keys = attemptKeys(request.ip, email);
  const verdict = await countAttempt(accounts.deps.app.store.db, keys, limit, now);
  if (verdict.allowed) return;
  reply.header('retry-after', String(verdict.retryAfterSeconds));
  throw new AppError(
    'RATE_LIMITED',
    `Too many sign-in attempts: at most ${limit} a minute. Try again in ${verdict.retryAfterSeconds} s.`,
  );
}
