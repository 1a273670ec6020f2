import { apiCalls, Catalogue, type AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { exampleText } from '../../../../../tests/support/examples.js';
import {
  addAccount,
  createServer,
  migrate,
  type SchedulerOptions,
  type Store,
} from '../../../src/index.js';
import { TEST_COST } from '../../accounts/support/accounts-app.js';
import type { Databases } from '../../support/dialects.js';

type Body = Record<string, unknown>;

/** The password of every account these suites make. */
const PASSWORD = 'correct horse battery staple';

/** Someone signed in to the served example: their account's id and their session. */
export interface Person {
  id: string;
  email: string;
  session: string;
}

/** A request as its sender makes it: who (nobody when absent), a JSON body, headers. */
export interface Send {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  as?: Person;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One example served as `specrun start` serves it: section 6's own policy, real sessions. */
export interface ServedExample {
  model: AppModel;
  app(): FastifyInstance;
  send(url: string, request?: Send): Promise<LightMyRequestResponse>;
  /** A new account with these roles, signed in through the sign-in call section 7 declares. */
  person(roles: string[], name?: string): Promise<Person>;
  /** The catalogue's message of a code, placeholders filled as the server fills them. */
  message(code: string, params?: Record<string, string>): string;
}

/** The model of an example, read from examples/<name>.spec.md with no errors. */
export function exampleModel(name: string): AppModel {
  const { model, diagnostics } = parseSpec(exampleText(name));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!model || errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}

let accounts = 0;

/** A model served on a fresh database for the suite it is called in, once the suite starts. */
export interface ServedApp {
  app(): FastifyInstance;
  store(): Store;
}

/**
 * Serves a model as `specrun start` does (section 6's own policy) for the calling suite; with
 * `scheduler`, its automatic transitions too (on a clock of the suite's, ticked when asked).
 */
export function serveApp(
  databases: Databases,
  model: AppModel,
  scheduler?: SchedulerOptions,
): ServedApp {
  let store: Store | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    store = await databases.open();
    const result = await migrate(store, model);
    if (result.status !== 'applied') throw new Error(`migration ${result.status}`);
    app = await createServer({
      model,
      store,
      passwordCost: TEST_COST,
      ...(scheduler ? { scheduler } : {}),
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });
  return { app: () => app!, store: () => store! };
}

/** A request as an existing client of the declared API sends it: JSON, a token in a header. */
export type ClientCall = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
  url: string,
  body?: unknown,
  token?: string,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * The requests of a client that sends `Authorization: <scheme> <token>` (section 7's Tokens),
 * from the address `address()` gives (one per account when a suite signs up more people an
 * hour than one address may).
 */
export function clientCalls(served: ServedApp, scheme: string, address?: () => string): ClientCall {
  return (method, url, body, token, headers = {}) =>
    served.app().inject({
      method,
      url,
      ...(address ? { remoteAddress: address() } : {}),
      headers: {
        ...(token === undefined ? {} : { authorization: `${scheme} ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

/** Serves an example on a fresh database for the suite it is called in. */
export function serveExample(
  databases: Databases,
  model: AppModel,
  scheduler?: SchedulerOptions,
): ServedExample {
  const served = serveApp(databases, model, scheduler);
  const catalogue = new Catalogue(model);
  const signIn = apiCalls(model).find((c) => c.operation.kind === 'sign-in')!;

  const send = (url: string, { method = 'GET', as, body, headers = {} }: Send = {}) =>
    served.app().inject({
      method,
      url,
      headers: as ? { ...headers, cookie: `specrun_session=${as.session}` } : headers,
      ...(body === undefined ? {} : { payload: body as Body }),
    });

  return {
    model,
    app: served.app,
    send,
    async person(roles, name) {
      const email = `person${++accounts}@examples.test`;
      const account = { email, name: name ?? `Person ${accounts}`, roles, password: PASSWORD };
      const { id } = await addAccount(model, served.store(), account, TEST_COST);
      // Each from an address of its own: suites sign in more people a minute than one address
      // may (SIGN_IN_ATTEMPTS_PER_MINUTE).
      const response = await served.app().inject({
        method: 'POST',
        url: signIn.path,
        payload: { email, password: PASSWORD },
        remoteAddress: `10.20.${accounts >> 8}.${accounts & 255}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const session = response.cookies.find((c) => c.name === 'specrun_session')!.value;
      return { id, email, session };
    },
    message: (code, params) => catalogue.resolve(code, params).message,
  };
}

/** Expects an answer to be a success with this status, and gives its JSON body. */
export function ok(response: LightMyRequestResponse, status = 200): Body {
  expect(response.statusCode, response.body).toBe(status);
  return status === 204 ? {} : response.json<Body>();
}

/**
 * Expects a refusal: the problem's code, its catalogue status and its catalogue message (the
 * detail, or the message of the one field problem for a field's error).
 */
export function refused(
  served: ServedExample,
  response: LightMyRequestResponse,
  code: string,
  status: number,
  params?: Record<string, string>,
): Body {
  const problem = response.json<Body>();
  expect(problem.code, response.body).toBe(code);
  expect(response.statusCode, response.body).toBe(status);
  // These two engine codes say what was wrong in their detail (issue 20: NOT_FOUND overrides).
  if (!['BAD_REQUEST', 'NOT_FOUND'].includes(code))
    expect(problem.detail, response.body).toBe(served.message(code, params));
  return problem;
}
