import type { FastifyInstance } from 'fastify';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { refuseBody } from '../calls/refuse-body.js';
import type { Accounts } from './accounts-setup.js';
import { signedInUser } from './me.js';
import { selfView } from './self-view.js';

/** The engine's own "who is signed in", served whatever section 7 declares. */
export const SESSION_PATH = '/api/_session';

/**
 * GET /api/_session: the signed-in user as the web app needs them — id, email, name, roles and
 * their own readable fields — or UNAUTHENTICATED. A declared `me` answers the client's shape
 * (RealWorld's `{ user: Account }` has no id and no roles), so the web app asks here instead.
 * Cookie or token, like every API request (see installSessionHook).
 */
export function registerSessionRoute(app: FastifyInstance, accounts: Accounts): void {
  app.get(SESSION_PATH, { onRequest: refuseBody }, async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const user = signedInUser(request);
    reply.header('cache-control', 'no-store');
    return selfView(accounts, user, new Date());
  });
}
