import type { ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { Actor } from '../callers/actor.js';
import type { Accounts } from './accounts-setup.js';
import { readAccountPayload, requiredTexts } from './account-payload.js';
import { credentialByEmail, setPasswordHash } from './credentials.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';
import { limitAttempt } from './rate-limit.js';
import { startSession } from './start-session.js';

/**
 * One answer for an unknown email and a wrong password: which one it was is not told. Its own
 * code, so that section 8 can word it apart from "sign in first".
 */
export function signInRefused(): AppError {
  return new AppError('SIGN_IN_FAILED');
}

/**
 * Signs in with email and password. Rate-limited per address and per account before any hash is
 * worked out; an unknown email checks a dummy hash so that it takes as long as a wrong password.
 * A hash made with an older cost is redone now that the password is known. A deactivated account
 * is told so (ACCOUNT_DEACTIVATED), but only to whoever gave its right password: to anyone else it
 * answers as any account does.
 */
export async function signIn(
  accounts: Accounts,
  call: ApiCall,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const now = new Date();
  const fields = readAccountPayload(call, request.body, ['email', 'password']);
  const { email, password } = requiredTexts(fields, {
    email: 'Give the email you signed up with.',
    password: 'Give your password.',
  });
  await limitAttempt(accounts, request, reply, email, now);
  const db = accounts.deps.app.store.db;
  const credential = await credentialByEmail(db, accounts.users, email);
  const matches = await verifyPassword(password, credential?.passwordHash ?? accounts.dummyHash);
  if (!credential || !matches) throw signInRefused();
  if (credential.deactivated) throw new AppError('ACCOUNT_DEACTIVATED');
  if (needsRehash(credential.passwordHash, accounts.cost)) {
    const hash = await hashPassword(password, accounts.cost);
    await setPasswordHash(db, accounts.users, credential.userId, hash, now);
  }
  return startSession(accounts, request, reply, credential.userId, now);
}
