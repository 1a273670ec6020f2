import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts-setup.js';
import { clearSessionCookie, sessionTokenOf } from './session-cookie.js';
import { revokeSession } from './sessions.js';

/**
 * Ends the request's session in the database, so the token is worth nothing even if the browser
 * keeps it, and clears the cookie. Signing out when not signed in does the same: nothing to end.
 */
export async function signOut(
  accounts: Accounts,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<null> {
  const token = sessionTokenOf(request);
  if (token) await revokeSession(accounts.deps.app.store.db, token);
  clearSessionCookie(request, reply);
  request.actor = null;
  return null;
}
