import { accountEmail } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { Accounts } from './accounts-setup.js';
import {
  attemptKey,
  countAttempt,
  deleteOldAttempts,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_WINDOW_MS,
  type AttemptVerdict,
  type Counter,
} from './sign-in-limit.js';
import { deleteExpiredSessions } from './sessions.js';

const TIDY_EVERY_MS = 60_000;
const lastTidy = new WeakMap<Accounts, number>();

/**
 * How many times SIGN_IN_ATTEMPTS_PER_MINUTE one address may try across all accounts (a shared
 * office address), and all addresses together on one account. The account-wide count is high
 * so that strangers cannot keep the owner out: to reach it they need this many addresses at the
 * limit at once, and it lets go one minute after they stop (docs/decisions.md).
 */
export const ADDRESS_FACTOR = 3;
export const ACCOUNT_FACTOR = 10;

/** Now and then, forgets attempts and sessions that no longer count; never on every request. */
async function tidy(accounts: Accounts, now: Date): Promise<void> {
  const last = lastTidy.get(accounts) ?? 0;
  if (now.getTime() - last < TIDY_EVERY_MS) return;
  lastTidy.set(accounts, now.getTime());
  const db = accounts.deps.app.store.db;
  await deleteOldAttempts(db, now);
  await deleteExpiredSessions(db, now);
}

function refuse(reply: FastifyReply, verdict: AttemptVerdict, what: string): void {
  if (verdict.allowed) return;
  reply.header('retry-after', String(verdict.retryAfterSeconds));
  throw new AppError('RATE_LIMITED', `${what} Try again in ${verdict.retryAfterSeconds} s.`);
}

/**
 * Counts a password attempt, and refuses it with RATE_LIMITED and Retry-After once one of its
 * counts is full. With N = SIGN_IN_ATTEMPTS_PER_MINUTE, in any minute: N attempts from one
 * address on one account, 3N from one address on any accounts, 10N on one account from anywhere.
 */
export async function limitAttempt(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  now: Date,
): Promise<void> {
  await tidy(accounts, now);
  const n = accounts.limits.signInAttemptsPerMinute;
  const [address, account] = [request.ip, accountEmail(email)];
  const counters: Counter[] = [
    { key: attemptKey('sign-in', address, account), limit: n },
    { key: attemptKey('address', address), limit: ADDRESS_FACTOR * n },
    { key: attemptKey('account', account), limit: ACCOUNT_FACTOR * n },
  ];
  const db = accounts.deps.app.store.db;
  const verdict = await countAttempt(db, counters, SIGN_IN_WINDOW_MS, now);
  refuse(reply, verdict, `Too many sign-in attempts: at most ${n} a minute.`);
}

/** Counts a sign-up attempt from the client's address against SIGN_UP_ATTEMPTS_PER_HOUR. */
export async function limitSignUp(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<void> {
  await tidy(accounts, now);
  const limit = accounts.limits.signUpAttemptsPerHour;
  const counters = [{ key: attemptKey('sign-up', request.ip), limit }];
  const verdict = await countAttempt(accounts.deps.app.store.db, counters, SIGN_UP_WINDOW_MS, now);
  refuse(reply, verdict, `Too many sign-ups from this address: at most ${limit} an hour.`);
}
