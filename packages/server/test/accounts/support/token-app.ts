import type { AppModel } from '@specrun/model';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer, migrate, type Store } from '../../../src/index.js';
import type { Databases } from '../../support/dialects.js';
import { parsed, specText } from '../../support/parsed-model.js';
import { freshEmail, TEST_COST } from './accounts-app.js';

// Section 7's `- Tokens:` and `- Origins:`, the User's optional name, `update me` and
// SIGN_IN_FAILED, served by createServer as `specrun start` serves them.
/** A small application served to RealWorld-like clients: tokens, origins, update me. */
export const TOKENS_SPEC = specText('Tokens', {
  3: `
### User

| Field    | Type      | Required | Default | Rules               |
| -------- | --------- | -------- | ------- | ------------------- |
| name     | text      | no       |         |                     |
| username | text      | yes      |         | unique, 1..60 chars |
| bio      | long text | no       |         |                     |

### Note

| Field  | Type   | Required | Default   | Rules     |
| ------ | ------ | -------- | --------- | --------- |
| title  | text   | yes      |           |           |
| author | → User | yes      | \`user.id\` | read-only |
`,
  6: `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| writer | Writes      | default |

| Role      | Entity | Actions | Allowed                   | Fields         |
| --------- | ------ | ------- | ------------------------- | -------------- |
| anyone    | User   | read    | yes                       | username, bio  |
| signed-in | User   | read    | \`record.id == user.id\`    | all            |
| signed-in | User   | update  | \`record.id == user.id\`    | username, bio  |
| anyone    | Note   | read    | yes                       | all            |
| signed-in | Note   | create  | yes                       | title          |
| signed-in | Note   | delete  | \`record.author == user.id\` |               |
`,
  7: `
- Tokens: \`Authorization: Token\`
- Origins: https://front.example, http://localhost:4100

| Method | Path             | Operation   | Payload                                        | Response                                   |
| ------ | ---------------- | ----------- | ---------------------------------------------- | ------------------------------------------ |
| POST   | /api/users       | sign-up     | \`{ user: { username, email, password } }\`      | \`{ user: { email, token, username, bio } }\` |
| POST   | /api/users/login | sign-in     | \`{ user: { email, password } }\`                | \`{ user: { email, token, username, bio } }\` |
| GET    | /api/user        | me          |                                                | \`{ user: { email, token, username, bio } }\` |
| PUT    | /api/user        | update me   | \`{ user: { email?, username?, password?, bio? } }\` | \`{ user: { email, token, username, bio } }\` |
| DELETE | /api/user/token  | sign-out    |                                                |                                            |
| GET    | /api/notes/:id   | get Note    |                                                | \`{ note: Note }\`                            |
| POST   | /api/notes       | create Note | \`{ note: { title } }\`                          | \`{ note: Note }\`                            |
| DELETE | /api/notes/:id   | delete Note |                                                |                                            |
`,
  9: `
| Name                | Value | Meaning                                |
| ------------------- | ----- | -------------------------------------- |
| MIN_PASSWORD_LENGTH | 8     | RealWorld clients take 8 characters    |
`,
});

/** The model of TOKENS_SPEC. */
export const TOKENS_MODEL = parsed(TOKENS_SPEC, 'the tokens specification');

/** A request as a client of another origin sends it: a token, headers, a body. */
export interface TokenRequest {
  token?: string;
  scheme?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The server `specrun start` runs for a model, restartable on the same database. */
export interface TokenServer {
  app(): FastifyInstance;
  send(
    method: InjectOptions['method'],
    url: string,
    request?: TokenRequest,
  ): Promise<LightMyRequestResponse>;
  /** Closes the server and starts a new one on the same database. */
  restart(): Promise<void>;
  store(): Store;
}

/** Serves `model` with createServer on a fresh database per suite. */
export function useTokenServer(databases: Databases, model: AppModel): TokenServer {
  let store: Store | undefined;
  let app: FastifyInstance | undefined;
  const start = async () => {
    app = await createServer({ model, store: store!, passwordCost: TEST_COST });
    await app.ready();
  };
  beforeAll(async () => {
    store = await databases.open();
    await migrate(store, model);
    await start();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });
  return {
    app: () => app!,
    send: (method, url, request = {}) => {
      const headers: Record<string, string> = { ...request.headers };
      if (request.token !== undefined)
        headers.authorization = `${request.scheme ?? 'Token'} ${request.token}`;
      return app!.inject({
        method,
        url,
        headers,
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
    },
    restart: async () => {
      await app!.close();
      await start();
    },
    store: () => store!,
  };
}

/** The password of every account signed up here. */
export const PASSWORD = 'correct horse battery';
let people = 0;

/** An account as signed up, with its token. */
export interface Account {
  email: string;
  username: string;
  token: string;
}

/** Signs up a new writer with a token, as a RealWorld client does. */
export async function signUpWriter(
  server: TokenServer,
  headers: Record<string, string> = {},
): Promise<Account> {
  const email = freshEmail('writer');
  const username = `writer${++people}-${process.pid}`;
  const response = await server.send('POST', '/api/users', {
    body: { user: { username, email, password: PASSWORD } },
    headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { user } = response.json() as { user: Account };
  return { email, username, token: user.token };
}
