import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts-setup.js';
import { clearSessionCookie, sessionTokenOf } from './session-cookie.js';
import { revokeSession } from './sessions.js';
import './request-actor.js';

/**
 * Ends the request's session in the database — the token its Authorization header presented, else
 * its cookie's — so the token is worth nothing even if the client keeps it, and clears the cookie. Signing out when not signed in does the same: nothing to end.
 */
export async function signOut(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<null> {
  const token = request.sessionToken?.token ?? sessionTokenOf(request);
  if (token) await revokeSession(accounts.deps.app.store.db, token);
  clearSessionCookie(request, reply);
  request.actor = null;
  request.sessionToken = null;
  return null;
}
