import { screenRoutes, type AppModel } from '@specrun/model';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAccounts } from '../accounts/register-accounts.js';
import type { ScryptCost } from '../accounts/password-hash.js';
import { registerOpenApi } from '../openapi/register-openapi.js';
import type { Policy } from '../permissions/policy.js';
import type { Store } from '../store/open-store.js';
import { apiContext } from '../http/api-context.js';
import { registerApiCalls, RECORD_HANDLERS } from '../http/api-routes.js';
import { frameworkErrors, installErrorHandler } from '../http/error-handler.js';
import { registerFiles } from '../http/file-handler.js';
import { acceptJsonBodies } from '../http/json-body.js';
import { onArrival } from '../http/arrival-hook.js';
import { logRequests } from '../http/request-log.js';
import { RouteMethods } from '../http/route-methods.js';
import { allowOrigins } from '../http/cross-origin.js';
import { serveWeb } from '../http/serve-web.js';
import { WebPaths } from '../http/web-paths.js';
import { wireTimeouts } from '../http/wire-timeouts.js';
import { prepareApp, prepareModel } from './prepare-app.js';
import { clientErrors } from '../http/client-errors.js';
import { behindProxy, proxyTrust, type TrustProxy } from '../http/proxy-trust.js';
import { runScheduler } from '../scheduler/run-scheduler.js';
import type { SchedulerOptions } from '../scheduler/scheduler.js';

export interface ServerOptions {
  model: AppModel;
  /** The application's database, migrated; without it only the model and health are served. */
  store?: Store;
  /** Section 6's decisions; compiled from the model unless given (tests give their own). */
  policy?: Policy;
  /** The scrypt cost of new password hashes; the production cost unless told (tests go faster). */
  passwordCost?: ScryptCost;
  /**
   * The proxies in front that set X-Forwarded-For, -Proto and -Host: then the client's address
   * (for the sign-in and sign-up limits) and HTTPS (for Secure cookies) are read from them, as
   * the nearest trusted proxy saw them (see TrustProxy; `true` is one proxy). Off by default, so
   * that a client cannot claim another address.
   */
  trustProxy?: TrustProxy;
  /**
   * Host names the application is reached at besides localhost, 127.0.0.1 and [::1] at its port
   * (`app.example.com`, or with a port): any other Host is refused, against DNS rebinding.
   */
  publicHosts?: readonly string[];
  /**
   * Told the one-time code that lets the first account be made from elsewhere than this machine,
   * when section 6 is unspecified and no account exists yet (`specrun start` prints it).
   */
  onSetupCode?: (code: string) => void;
  /** The folder of the built web app (its index.html); without it only the API is served. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Runs the automatic transitions (section 4, `Who: system`) on a timer while the server is up,
   * as `app.scheduler`; off unless given (`specrun start` gives it).
   */
  scheduler?: SchedulerOptions;
}

const costOf = (options: ServerOptions) =>
  options.passwordCost ? { passwordCost: options.passwordCost } : {};
const policyOption = (options: ServerOptions) => (options.policy ? { policy: options.policy } : {});

/** Builds the Fastify server for a model: the API under /api and the web app everywhere else. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const { model, store } = options;
  const prepared = prepareModel(model);
  const ready = store && prepareApp(model, store, policyOption(options), prepared);
  const { catalogue, calls } = prepared;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: prepared.limits.maxRequestBytes,
    frameworkErrors: frameworkErrors(catalogue),
    clientErrorHandler: clientErrors(catalogue),
    trustProxy: proxyTrust(options.trustProxy),
    // One line per request (logRequests) instead of Fastify's two, which log the raw URL.
    logController: new LogController({ disableRequestLogging: true }),
    ...wireTimeouts(prepared.limits),
  });
  // First of all hooks: a request for another host is answered nothing else.
  const apiPaths = new Set(ready ? calls.map((call) => call.path) : []);
  onArrival(app, {
    ...(options.publicHosts ? { publicHosts: options.publicHosts } : {}),
    isApi: (request) =>
      request.url.startsWith('/api/') || apiPaths.has(request.routeOptions.url ?? ''),
  });
  logRequests(app);
  // Before any route, so that every route is known to answer 405 for the others' methods.
  const routes = new RouteMethods(app);
  installErrorHandler(app, catalogue);
  acceptJsonBodies(app);

  // The model is fixed for the server's life: serialise it once, not per request.
  const modelJson = JSON.stringify(model);
  app.get('/api/_model', (_request, reply) => {
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(modelJson);
  });
  app.get('/api/_health', () => ({ status: 'ok' }));
  registerOpenApi(app, prepared);
  allowOrigins(app, model, calls);

  if (ready) {
    const api = apiContext(ready, options.passwordCost);
    const users = api.entities.get('User')?.operations;
    if (!users) throw new Error('the model has no User entity');
    await registerAccounts(app, {
      app: ready,
      users,
      ...costOf(options),
      behindProxy: behindProxy(options.trustProxy),
      ...(options.onSetupCode ? { onSetupCode: options.onSetupCode } : {}),
    });
    registerApiCalls(app, api, calls, RECORD_HANDLERS, { ownPolicy: !options.policy });
    if (ready.schema.tables.some((t) => t.role.kind === 'file' || t.role.kind === 'files'))
      registerFiles(app, api);
    if (options.scheduler) runScheduler(app, ready, options.scheduler);
  }

  const paths = new WebPaths(
    calls.map((call) => call.path),
    screenRoutes(model),
  );
  await serveWeb(app, catalogue, options.webRoot, routes, paths);
  return app;
}
