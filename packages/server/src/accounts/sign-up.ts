import type { ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../callers/actor.js';
import type { Accounts } from './accounts-setup.js';
import { readAccountPayload } from './account-payload.js';
import { createAccount, normaliseEmail } from './create-account.js';
import { hasAccounts } from './first-account.js';
import { checkNewPassword } from './password-rules.js';
import { firstAccountTaken, signUpClosed, signUpRoles } from './sign-up-mode.js';
import { startSession } from './start-session.js';

/**
 * Creates an account and signs it in. Refused when sign-up is closed (no role is `default` or
 * `yes`), or, with section 6 unspecified, once the first account exists. The User is validated
 * like any record (email format, unique email, the spec's own User fields and rules).
 */
export async function signUp(
  accounts: Accounts,
  call: ApiCall,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const { mode, users, deps } = accounts;
  if (mode.kind === 'closed') throw signUpClosed();
  const now = new Date();
  const { password, ...fields } = readAccountPayload(call, request.body, [
    ...accounts.signUpFields,
    'password',
  ]);
  const checked = checkNewPassword('password', password);
  const first = accounts.onlyFirstAccount;
  // Refused early when it is plain, and again inside the transaction, where it is certain.
  if (first && (await hasAccounts(deps.app.store.db, users))) throw firstAccountTaken();
  const body: Record<string, unknown> = { ...fields, roles: signUpRoles(mode, fields.roles) };
  if (body.email !== undefined) body.email = normaliseEmail(body.email);
  const ctx = { actor: null, now, policy: accounts.signUpPolicy };
  const created = await createAccount(deps.users, ctx, body, checked, accounts.cost, first);
  reply.code(201);
  return startSession(accounts, request, reply, String(created.id), now);
}
