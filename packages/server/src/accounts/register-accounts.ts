import { successStatus, wrapResponse, type ApiCall, type ApiOperation } from '@specrun/model';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { refuseBody } from '../calls/refuse-body.js';
import type { Actor } from '../callers/actor.js';
import { prepareAccounts, type AccountDeps, type Accounts } from './accounts-setup.js';
import { changePassword } from './change-password.js';
import { signedInUser } from './me.js';
import { selfView } from './self-view.js';
import { registerAccountStatusRoutes } from './account-status-routes.js';
import { registerSessionRoute } from './session-route.js';
import { installSessionHook } from './session-hook.js';
import { signIn } from './sign-in.js';
import { signOut } from './sign-out.js';
import { signUp } from './sign-up.js';
import { withTokenField } from './token-field.js';
import { updateMe } from './update-me.js';
import './request-actor.js';

type AccountKind = 'sign-up' | 'sign-in' | 'sign-out' | 'me' | 'update-me' | 'change-password';

/** What an account call does: answer a user, or nothing (null, 204). */
type Handler = (
  accounts: Accounts,
  call: ApiCall,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Actor | null>;

const HANDLERS: Record<AccountKind, Handler> = {
  'sign-up': signUp,
  'sign-in': signIn,
  'sign-out': (accounts, _call, request, reply) => signOut(accounts, request, reply),
  me: async (_accounts, _call, request) => signedInUser(request),
  'update-me': updateMe,
  'change-password': changePassword,
};

const isAccountCall = (operation: ApiOperation): operation is { kind: AccountKind } =>
  Object.hasOwn(HANDLERS, operation.kind);

function route(app: FastifyInstance, accounts: Accounts, call: ApiCall, kind: AccountKind) {
  const handler = HANDLERS[kind];
  // A declared call with no Response (or a declared 204) answers 204, as section 7 says; a
  // default call answers the user itself, at its status (201 for a sign-up).
  const status = successStatus(call);
  // Signing out and reading oneself take nothing: a body sent to them is refused, not ignored.
  const bodyless = call.payload === undefined && (kind === 'sign-out' || kind === 'me');
  app.route({
    method: call.method,
    url: call.path,
    ...(bodyless ? { onRequest: refuseBody } : {}),
    handler: async (request, reply) => {
      onlyParams(request.query as QueryParams, []);
      const user = await handler(accounts, call, request, reply);
      // Answers carry or clear a session: never stored by a cache.
      reply.header('cache-control', 'no-store');
      if (!user || status === 204) return reply.code(204).send();
      const view = await selfView(accounts, user, new Date());
      return reply
        .code(status)
        .send(wrapResponse(call.response, withTokenField(request, call.response, view)));
    },
  });
}

/**
 * Serves accounts and sessions (docs/spec-language.md, sections 6 and 7): the account calls of
 * `deps.app.calls` (sign-up, sign-in, sign-out, me, change password), GET /api/_session, the
 * managers' /api/_accounts (deactivating accounts) and, for every API request,
 * `request.actor` from the session cookie, with cross-site writes refused (the hook covers every
 * route of `app`, registered before or after). Creates the account tables if needed, so run it on
 * a store migrated to the model.
 */
export async function registerAccounts(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  const accounts = await prepareAccounts(deps);
  if (!app.hasReplyDecorator('setCookie')) await app.register(fastifyCookie);
  if (!app.hasRequestDecorator('actor')) app.decorateRequest('actor', null);
  if (!app.hasRequestDecorator('sessionToken')) app.decorateRequest('sessionToken', null);
  const calls = deps.app.calls.flatMap((call) =>
    isAccountCall(call.operation) ? [{ call, kind: call.operation.kind }] : [],
  );
  const login = calls.filter((c) => c.kind === 'sign-in' || c.kind === 'sign-up');
  installSessionHook(app, accounts, new Set(login.map((c) => `${c.call.method} ${c.call.path}`)));
  for (const { call, kind } of calls) route(app, accounts, call, kind);
  registerSessionRoute(app, accounts);
  registerAccountStatusRoutes(app, accounts);
}
