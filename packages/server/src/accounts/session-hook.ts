import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts-setup.js';
import type { Actor } from '../callers/actor.js';
import { readNow, runRead } from '../store/fast-reads.js';
import { sessionActor } from './actor-query.js';
import { crossSiteRefusal, isCrossSite, UNSAFE_METHODS } from './cross-site.js';
import { clearSessionCookie, hasSessionCookie, sessionTokenOf } from './session-cookie.js';
import { tokenHash } from './session-token.js';
import './request-actor.js';

const underApi = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * On every API request: refuses cross-site writes that would ride on the session cookie — and
 * cross-site sign-ins and sign-ups (login CSRF), cookie or not — then resolves the cookie to
 * `request.actor` with one query (session, user, roles and lists joined). An expired or ended
 * session is nobody, and its cookie is cleared.
 */
export function installSessionHook(
  app: FastifyInstance,
  accounts: Accounts,
  loginRoutes: ReadonlySet<string>,
): void {
  const { store, calls } = accounts.deps.app;
  // Section 7 may declare calls outside /api (`/session`): they are API requests too.
  const declared = new Set(calls.map((c) => c.path));
  const isApi = (request: FastifyRequest) =>
    underApi(request.url) || declared.has(request.routeOptions.url ?? '');
  const { queries } = accounts;
  // Written with a callback rather than async: on SQLite the lookup usually answers at once,
  // and the hook then costs no promise at all on the hottest path of every request.
  app.addHook('onRequest', (request, reply, done) => {
    request.actor = null;
    if (!isApi(request)) return done();
    const cookie = hasSessionCookie(request);
    if (UNSAFE_METHODS.has(request.method)) {
      const login = loginRoutes.has(`${request.method} ${request.routeOptions.url ?? ''}`);
      if ((cookie || login) && isCrossSite(request)) return done(crossSiteRefusal());
    }
    if (!cookie) return done();
    const token = sessionTokenOf(request);
    const settle = (actor: Actor | null) => {
      if (actor) request.actor = actor;
      else clearSessionCookie(request, reply);
      done();
    };
    if (!token) return settle(null);
    const parameters = [tokenHash(token)];
    const now = Date.now();
    const rows = readNow(store.db, queries.bySession, parameters);
    if (rows) return settle(sessionActor(queries, rows[0], now));
    runRead(store.db, queries.bySession, parameters).then(
      (found) => settle(sessionActor(queries, found[0], now)),
      done,
    );
  });
}
