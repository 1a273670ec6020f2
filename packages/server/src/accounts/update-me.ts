import { accountEmail, payloadFields, settableFields, type ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../callers/actor.js';
import type { Accounts } from './accounts-setup.js';
import { readAccountPayload } from './account-payload.js';
import { runActorQuery } from './actor-query.js';
import { signedInUser } from './me.js';
import { hashPassword } from './password-hash.js';
import { checkNewPassword } from './password-rules.js';
import { selfUpdatePolicy } from './self-update-policy.js';
import { startSession } from './start-session.js';

/** What `update me` takes: the fields its declared payload names, else email, password and User's own. */
function takes(accounts: Accounts, call: ApiCall): Iterable<string> {
  const named = payloadFields(call.payload);
  if (named) return named;
  const user = accounts.deps.app.model.entities.find((e) => e.name === 'User')!;
  return ['email', 'password', ...settableFields(user)];
}

/**
 * Changes the signed-in user's own record (`update me`): section 6 decides its fields as for any
 * update of User, plus the email (normalised, unique) and the password (the credential policy,
 * hashed). A new password ends every session of the user, this one included, and the caller gets
 * a fresh one, whose token the answer carries. Answers the user as they are now.
 */
export async function updateMe(
  accounts: Accounts,
  call: ApiCall,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const self = signedInUser(request);
  const now = new Date();
  const sent = readAccountPayload(call, request.body, takes(accounts, call));
  const { password, ...fields } = sent;
  if (typeof fields.email === 'string' && fields.email !== '')
    fields.email = accountEmail(fields.email);
  const email = typeof fields.email === 'string' ? fields.email : self.email;
  const newPassword = Object.hasOwn(sent, 'password')
    ? checkNewPassword(await accounts.passwords(), 'password', password, [email])
    : undefined;
  const passwordHash = newPassword && (await hashPassword(newPassword, accounts.cost));
  const update = { sent: Object.keys(fields), now, ...(passwordHash ? { passwordHash } : {}) };
  const policy = selfUpdatePolicy(accounts.deps.app.policy, self, update);
  const { users, app } = accounts.deps;
  await users.updateRecord({ actor: self, now, policy }, self.id, fields, undefined);
  if (passwordHash) return startSession(accounts, request, reply, self.id, now);
  const db = app.store.db;
  const actor = await runActorQuery(db, accounts.queries, accounts.queries.byId, [self.id]);
  if (!actor) throw new Error(`user ${self.id} vanished while updating themselves`);
  request.actor = actor;
  return actor;
}
