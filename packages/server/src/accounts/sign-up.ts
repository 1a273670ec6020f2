import { accountEmail, emailProblem, type ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../callers/actor.js';
import type { Accounts } from './accounts-setup.js';
import { readAccountPayload } from './account-payload.js';
import { createAccount } from './create-account.js';
import { emailTakenLast } from './email-taken.js';
import { checkFirstAccountCaller, hasAccounts } from './first-account.js';
import { checkNewPassword } from './password-rules.js';
import { limitSignUp } from './rate-limit.js';
import { firstAccountTaken, signUpClosed, signUpRoles } from './sign-up-mode.js';
import { startSession } from './start-session.js';

/** The setup code beside the payload (first account only), and the body without it. */
function takeSetupCode(body: unknown): { code: unknown; rest: unknown } {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'setupCode'))
    return { code: undefined, rest: body };
  const { setupCode, ...rest } = body as Record<string, unknown>;
  return { code: setupCode, rest };
}

/**
 * Creates an account and signs it in. Refused when sign-up is closed (no role is `default` or
 * `yes`), or, with section 6 unspecified, once the first account exists, and for the first
 * account unless it is made on this machine or with the setup code. Counted against
 * SIGN_UP_ATTEMPTS_PER_HOUR per address. The User is validated like any record; whether the email
 * is taken is told only when nothing else is wrong (see emailTakenLast).
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
  const first = accounts.onlyFirstAccount;
  const { code, rest } = first
    ? takeSetupCode(request.body)
    : { code: undefined, rest: request.body };
  const { password, ...fields } = readAccountPayload(call, rest, [
    ...accounts.signUpFields,
    'password',
  ]);
  await limitSignUp(accounts, request, reply, now);
  // Refused early when it is plain, and again inside the transaction, where it is certain.
  if (first && (await hasAccounts(deps.app.store.db, users))) throw firstAccountTaken();
  if (first) checkFirstAccountCaller(request, accounts.behindProxy, accounts.setupCode, code);
  const email = typeof fields.email === 'string' ? accountEmail(fields.email) : fields.email;
  const context = typeof email === 'string' ? [email] : [];
  const checked = checkNewPassword(await accounts.passwords(), 'password', password, context);
  const body: Record<string, unknown> = { ...fields, roles: signUpRoles(mode, fields.roles) };
  if (email !== undefined) body.email = email;
  const ctx = { actor: null, now, policy: accounts.signUpPolicy };
  const wellFormed = typeof email === 'string' && emailProblem(email) === undefined;
  const created = await emailTakenLast(deps.app.catalogue, wellFormed, () =>
    createAccount(deps.users, ctx, body, checked, accounts.cost, first),
  );
  return startSession(accounts, request, reply, String(created.id), now);
}
