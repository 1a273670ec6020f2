import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts-setup.js';
import type { Actor } from '../callers/actor.js';
import { readNow, runRead } from '../store/fast-reads.js';
import { sessionActor } from './actor-query.js';
import { crossSiteRefusal, isCrossSite, UNSAFE_METHODS } from './cross-site.js';
import { badToken, headerToken } from './header-token.js';
import { clearSessionCookie, hasSessionCookie, sessionTokenOf } from './session-cookie.js';
import { tokenHash } from './session-token.js';
import './request-actor.js';

const underApi = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * On every API request, resolves the session to `request.actor` with one query (session, user,
 * roles and lists joined):
 * - with section 7's `- Tokens:`, a request that carries an Authorization header is its token's
 *   session, or UNAUTHENTICATED when the token is malformed, unknown, expired or revoked. The
 *   cookie is then ignored, and no cross-site check is needed: nothing ambient rides along.
 *   Sign-in and sign-up ignore the header, so a client holding a stale token can sign in again.
 * - else the session cookie: cross-site writes that would ride on it are refused, and cross-site
 *   sign-ins and sign-ups too (login CSRF) — unless tokens are declared, when such a sign-in
 *   answers a token and sets no cookie (see startSession). An expired or ended cookie session is
 *   nobody, and its cookie is cleared.
 */
export function installSessionHook(
  app: FastifyInstance,
  accounts: Accounts,
  loginRoutes: ReadonlySet<string>,
): void {
  const { store, calls, model } = accounts.deps.app;
  const scheme = model.access?.tokens;
  // Section 7 may declare calls outside /api (`/session`): they are API requests too.
  const declared = new Set(calls.map((c) => c.path));
  const isApi = (request: FastifyRequest) =>
    underApi(request.url) || declared.has(request.routeOptions.url ?? '');
  const { queries } = accounts;
  // Written with a callback rather than async: on SQLite the lookup usually answers at once,
  // and the hook then costs no promise at all on the hottest path of every request.
  app.addHook('onRequest', (request, reply, done) => {
    request.actor = null;
    request.sessionToken = null;
    if (!isApi(request)) return done();
    const login = loginRoutes.has(`${request.method} ${request.routeOptions.url ?? ''}`);
    const header = scheme && !login ? request.headers.authorization : undefined;
    let token: string | undefined;
    if (header !== undefined) {
      try {
        token = headerToken(header, scheme!);
      } catch (error) {
        return done(error as Error);
      }
    }
    const cookie = header === undefined && hasSessionCookie(request);
    if (header === undefined && UNSAFE_METHODS.has(request.method) && isCrossSite(request)) {
      if (login && scheme) return done();
      if (cookie || login) return done(crossSiteRefusal());
    }
    if (header === undefined && !cookie) return done();
    token ??= sessionTokenOf(request);
    const settle = (actor: Actor | null) => {
      if (actor) {
        request.actor = actor;
        if (header !== undefined) request.sessionToken = { token: token!, presented: true };
      } else if (header !== undefined) return done(badToken());
      else clearSessionCookie(request, reply);
      done();
    };
    if (!token) return settle(null);
    const parameters = [tokenHash(token)];
    const now = Date.now();
    // By the session's key: one row at most.
    const rows = readNow(store.db, queries.bySession, parameters, true);
    if (rows) return settle(sessionActor(queries, rows[0], now));
    runRead(store.db, queries.bySession, parameters).then(
      (found) => settle(sessionActor(queries, found[0], now)),
      done,
    );
  });
}
