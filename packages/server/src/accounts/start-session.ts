import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../callers/actor.js';
import type { Db } from '../store/db-type.js';
import type { Accounts } from './accounts-setup.js';
import { runActorQuery } from './actor-query.js';
import { isCrossSite } from './cross-site.js';
import { setSessionCookie, sessionTokenOf } from './session-cookie.js';
import { createSession, revokeSession } from './sessions.js';

/**
 * Signs a user in on this request: the session the request came with (if any) ends, a new one
 * starts with a new token (so a token planted before sign-in is worth nothing after), and the
 * cookie is set — unless the request came with a token in its header or from another site (only
 * possible with section 7's `- Tokens:`): such a client keeps the token the answer gives
 * (`request.sessionToken`), and another site's page can neither plant a cookie nor end the
 * user's own session. Answers the user as `user` in expressions sees them.
 */
export async function startSession(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  now: Date,
  db: Db = accounts.deps.app.store.db,
): Promise<Actor> {
  const byHeader = request.sessionToken?.presented === true;
  const withCookie = !byHeader && !isCrossSite(request);
  const previous = byHeader ? request.sessionToken!.token : sessionTokenOf(request);
  if (previous && (byHeader || withCookie)) await revokeSession(db, previous);
  const { dialect } = accounts.deps.app.store;
  const token = await createSession(db, dialect, userId, now, accounts.limits.sessionTtlMs);
  const actor = await runActorQuery(db, accounts.queries, accounts.queries.byId, [userId]);
  if (!actor) throw new Error(`user ${userId} vanished while signing in`);
  if (withCookie) setSessionCookie(request, reply, token, accounts.limits.sessionTtlMs);
  request.actor = actor;
  request.sessionToken = { token, presented: false };
  return actor;
}
