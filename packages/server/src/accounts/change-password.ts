import type { ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { Accounts } from './accounts-setup.js';
import { readAccountPayload, requiredTexts } from './account-payload.js';
import { credentialOf, setPasswordHash } from './credentials.js';
import { signedInUser } from './me.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { checkNewPassword } from './password-rules.js';
import { limitAttempt } from './rate-limit.js';
import { revokeUserSessions } from './sessions.js';
import { startSession } from './start-session.js';

function wrongCurrentPassword(): AppError {
  const message = 'The current password is not right.';
  return new AppError('VALIDATION_FAILED', message, {}, [
    { field: 'currentPassword', code: 'VALIDATION_FAILED', message },
  ]);
}

/**
 * Changes the signed-in user's password, given the current one (counted like a sign-in attempt,
 * so a stolen session cannot guess it). Every session of the user ends — a thief's included — and
 * the caller gets a fresh one, all in one transaction.
 */
export async function changePassword(
  accounts: Accounts,
  call: ApiCall,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<null> {
  const actor = signedInUser(request);
  const now = new Date();
  const fields = readAccountPayload(call, request.body, ['currentPassword', 'newPassword']);
  const { currentPassword } = requiredTexts(fields, {
    currentPassword: 'Give your current password.',
  });
  const newPassword = checkNewPassword(
    await accounts.passwords(),
    'newPassword',
    fields.newPassword,
    [actor.email],
  );
  await limitAttempt(accounts, request, reply, actor.email, now);
  const { store } = accounts.deps.app;
  const stored = await credentialOf(store.db, accounts.users, actor.id);
  const matches = await verifyPassword(currentPassword, stored ?? accounts.dummyHash);
  if (!stored || !matches) throw wrongCurrentPassword();
  const hash = await hashPassword(newPassword, accounts.cost);
  await store.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, accounts.users, actor.id, hash, now);
    await revokeUserSessions(trx, actor.id);
    await startSession(accounts, request, reply, actor.id, now, trx);
  });
  return null;
}
