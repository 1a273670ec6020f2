import { prepareApp } from '../../../src/index.js';
import type { AppModel } from '@specrun/model';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { registerAccounts } from '../../../src/accounts/register-accounts.js';
import type { ScryptCost } from '../../../src/accounts/password-hash.js';
import { installErrorHandler } from '../../../src/http/error-handler.js';
import { behindProxy, proxyTrust, type TrustProxy } from '../../../src/http/proxy-trust.js';
import {
  migrate,
  prepareOperations,
  type EntityOperations,
  type Store,
} from '../../../src/index.js';
import type { Databases } from '../../support/dialects.js';

/** A cheap scrypt cost, so that suites making many accounts stay quick; the hashing is the same. */
export const TEST_COST: ScryptCost = { logN: 10, r: 8, p: 1 };

/** What a test sends besides method and URL. */
export interface Request {
  body?: unknown;
  /** The session cookie's token. */
  session?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** One served application: the accounts part alone, as createServer will register it. */
export interface AccountsServer {
  app: FastifyInstance;
  store: Store;
  model: AppModel;
  ops: Record<string, EntityOperations>;
  send(method: string, url: string, request?: Request): Promise<LightMyRequestResponse>;
}

/** How a test server differs from the default one. */
export interface ServeOptions {
  cost?: ScryptCost;
  /** Routes registered before registerAccounts, and after it. */
  before?: (app: FastifyInstance) => void;
  after?: (app: FastifyInstance) => void;
  trustProxy?: TrustProxy;
  /** Told the setup code of the first account, when one is awaited. */
  onSetupCode?: (code: string) => void;
}

/** Serves `model` on `store` (migrated here) with the error handler and registerAccounts. */
export async function serveAccounts(
  store: Store,
  model: AppModel,
  options: ServeOptions = {},
): Promise<AccountsServer> {
  const routes = options;
  const result = await migrate(store, model);
  if (result.status !== 'applied' && result.status !== 'up-to-date')
    throw new Error(`migration ${result.status}`);
  const prepared = prepareApp(model, store);
  const ops = prepareOperations(prepared);
  const app = Fastify({ trustProxy: proxyTrust(options.trustProxy) });
  installErrorHandler(app, prepared.catalogue);
  routes.before?.(app);
  await registerAccounts(app, {
    app: prepared,
    users: ops.User!,
    passwordCost: options.cost ?? TEST_COST,
    behindProxy: behindProxy(options.trustProxy),
    ...(options.onSetupCode ? { onSetupCode: options.onSetupCode } : {}),
  });
  routes.after?.(app);
  await app.ready();
  const send = (method: string, url: string, request: Request = {}) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.session !== undefined) headers.cookie = `specrun_session=${request.session}`;
    return app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body as object }),
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });
  };
  return { app, store, model, ops: { ...ops }, send };
}

/** Opens a fresh database per suite and serves the model on it. */
export function useAccountsServer(
  databases: Databases,
  model: AppModel,
  options?: ServeOptions,
): () => AccountsServer {
  let server: AccountsServer | undefined;
  beforeAll(async () => {
    server = await serveAccounts(await databases.open(), model, options);
  }, 60_000);
  afterAll(async () => {
    await server?.app.close();
    await server?.store.close();
  });
  return () => server!;
}

/** The session cookie an answer sets, with its attributes; undefined when it sets none. */
export function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === 'specrun_session');
}

let counter = 0;

/** A new, unused email address. */
export function freshEmail(prefix = 'person'): string {
  return `${prefix}${++counter}.${process.pid}@example.com`;
}
