import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, migrate, type Store } from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';

const ENTITIES = `
### Article

| Field  | Type      | Required | Default   | Rules     |
| ------ | --------- | -------- | --------- | --------- |
| title  | text      | yes      |           | 1..200 chars |
| slug   | text      | yes      |           | unique    |
| body   | long text | yes      |           |           |
| author | → User    | yes      | \`user.id\` | read-only |
`;

const PERMISSIONS = `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| writer | Writes      | default |

| Role      | Entity  | Actions | Allowed                    | Fields            |
| --------- | ------- | ------- | -------------------------- | ----------------- |
| anyone    | User    | read    | yes                        | name              |
| anyone    | Article | read    | yes                        | all               |
| signed-in | Article | create  | yes                        | title, slug, body |
| signed-in | Article | update  | \`record.author == user.id\` | title, slug, body |
| signed-in | Article | delete  | \`record.author == user.id\` |                   |
`;

const CATALOGUE = `
- Body: \`{ errors: { key: [message] } }\`

| Code            | Status | Key   | Message                |
| --------------- | ------ | ----- | ---------------------- |
| UNAUTHENTICATED | 401    | token | is missing             |
| REQUIRED        | 422    |       | can't be blank         |
| ALREADY_TAKEN   | 409    |       | has already been taken |
| NOT_FOUND       | 404    |       | not found              |
| FORBIDDEN       | 403    |       | forbidden              |
`;

const declared = parsed(specText('Blog', { 3: ENTITIES, 6: PERMISSIONS, 8: CATALOGUE }));
const plain = parsed(specText('Blog', { 3: ENTITIES, 6: PERMISSIONS }));

const PASSWORD = 'correct horse battery staple';
const NOWHERE = '00000000-0000-7000-8000-000000000000';
const PROBLEMS = { accept: 'application/problem+json, application/json' };

type Server = Awaited<ReturnType<typeof createServer>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A server of `model` with two writers, ann and bob, signed in with cookie sessions. */
function useBlog(
  databases: Parameters<Parameters<typeof describeDialect>[2]>[0],
  model = declared,
) {
  let store: Store;
  let app: Server;
  const cookies: Record<string, string> = {};
  const send = (
    who: string | null,
    method: Method,
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...(who ? { cookie: `specrun_session=${cookies[who]!}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
  beforeAll(async () => {
    store = await databases.open();
    await migrate(store, model);
    app = await createServer({ model, store, passwordCost: TEST_COST });
    for (const who of ['ann', 'bob']) {
      const account = { name: who, email: `${who}@blog.test`, password: PASSWORD };
      const signedUp = await send(null, 'POST', '/api/sign-up', account);
      expect(signedUp.statusCode, signedUp.body).toBe(201);
      cookies[who] = signedUp.cookies.find((c) => c.name === 'specrun_session')!.value;
    }
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });
  return send;
}

/** The declared body of an answer, after checking its status and content type. */
function errorsOf(response: LightMyRequestResponse, status: number): Record<string, string[]> {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = response.json<{ errors: Record<string, string[]> }>();
  expect(Object.keys(body)).toEqual(['errors']);
  return body.errors;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the error body declared in section 8', (databases) => {
    const send = useBlog(databases);
    const article = { title: 'Hello', slug: 'hello', body: 'Text' };
    let annArticle = '';

    beforeAll(async () => {
      const made = await send('ann', 'POST', '/api/articles', article);
      expect(made.statusCode, made.body).toBe(201);
      annArticle = made.json<{ id: string }>().id;
    });

    it('keys a required field blank by the field, in the words of the REQUIRED row', async () => {
      const response = await send('ann', 'POST', '/api/articles', { title: '', slug: 'x' });
      expect(errorsOf(response, 422)).toEqual({
        title: ["can't be blank"],
        body: ["can't be blank"],
      });
    });

    it('answers 409 ALREADY_TAKEN when every problem is a unique clash', async () => {
      const response = await send('bob', 'POST', '/api/articles', { ...article, title: 'Other' });
      expect(errorsOf(response, 409)).toEqual({ slug: ['has already been taken'] });
    });

    it('answers 422 with every message by key when a clash comes with other problems', async () => {
      const response = await send('bob', 'POST', '/api/articles', { slug: 'hello', body: 'x' });
      expect(errorsOf(response, 422)).toEqual({
        title: ["can't be blank"],
        slug: ['has already been taken'],
      });
    });

    it('keys an answer by the row’s Key: a call nobody signed out may make', async () => {
      const response = await send(null, 'POST', '/api/articles', article);
      expect(errorsOf(response, 401)).toEqual({ token: ['is missing'] });
    });

    it('keys NOT_FOUND and FORBIDDEN by the path’s word for the record', async () => {
      expect(errorsOf(await send('bob', 'GET', `/api/articles/${NOWHERE}`), 404)).toEqual({
        article: ['not found'],
      });
      const edit = await send('bob', 'PATCH', `/api/articles/${annArticle}`, { body: 'Mine' });
      expect(errorsOf(edit, 403)).toEqual({ article: ['forbidden'] });
    });

    it('answers 404 before 403: a record the caller may read but not change', async () => {
      expect(errorsOf(await send('bob', 'DELETE', `/api/articles/${NOWHERE}`), 404)).toEqual({
        article: ['not found'],
      });
      expect(errorsOf(await send('bob', 'DELETE', `/api/articles/${annArticle}`), 403)).toEqual({
        article: ['forbidden'],
      });
      const unknownEdit = await send('bob', 'PATCH', `/api/articles/${NOWHERE}`, { body: 'x' });
      expect(errorsOf(unknownEdit, 404)).toEqual({ article: ['not found'] });
    });

    it('keys a field the call does not take by its name, and any other by the code', async () => {
      const response = await send('ann', 'POST', '/api/articles', { ...article, colour: 'red' });
      expect(Object.keys(errorsOf(response, 400))).toEqual(['colour']);
      const errors = errorsOf(await send('ann', 'GET', '/api/articles?limit=many'), 400);
      expect(Object.keys(errors)).toEqual(['bad_request']);
      expect(errors.bad_request![0]).toContain('limit');
    });

    it('answers sign-up’s email already taken as ALREADY_TAKEN, keyed email', async () => {
      const again = { name: 'Ann again', email: 'ann@blog.test', password: PASSWORD };
      const response = await send(null, 'POST', '/api/sign-up', again);
      expect(errorsOf(response, 409)).toEqual({ email: ['has already been taken'] });
    });

    it('words the account calls’ blank fields as REQUIRED too', async () => {
      expect(errorsOf(await send(null, 'POST', '/api/sign-in', { email: '' }), 422)).toEqual({
        email: ["can't be blank"],
        password: ["can't be blank"],
      });
      const noPassword = { name: 'Cy', email: 'cy@blog.test', password: '' };
      expect(errorsOf(await send(null, 'POST', '/api/sign-up', noPassword), 422)).toEqual({
        password: ["can't be blank"],
      });
    });

    it('answers problem documents to a request that asks for them, as the web app does', async () => {
      const response = await send('bob', 'POST', '/api/articles', { slug: 'hello' }, PROBLEMS);
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'title', code: 'REQUIRED', message: "can't be blank" },
          { field: 'body', code: 'REQUIRED', message: "can't be blank" },
          { field: 'slug', code: 'ALREADY_TAKEN', message: 'has already been taken' },
        ],
      });
      const taken = await send(
        'bob',
        'POST',
        '/api/articles',
        { ...article, title: 'x' },
        PROBLEMS,
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'ALREADY_TAKEN', status: 409 });
    });
  });

  describeDialect(dialect, 'item codes without a declared body', (databases) => {
    const send = useBlog(databases, plain);

    it('answers problem documents whose items say REQUIRED and ALREADY_TAKEN', async () => {
      const article = { title: 'Hello', slug: 'hello', body: 'Text' };
      expect((await send('ann', 'POST', '/api/articles', article)).statusCode).toBe(201);
      const taken = await send('bob', 'POST', '/api/articles', { ...article, title: '' });
      expect(taken.statusCode).toBe(422);
      expect(taken.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(taken.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'title', code: 'REQUIRED', message: 'Title is required.' },
          {
            field: 'slug',
            code: 'ALREADY_TAKEN',
            message: 'Slug is already used by another article.',
          },
        ],
      });
      const only = await send('bob', 'POST', '/api/articles', { ...article, title: 'x' });
      expect(only.statusCode).toBe(409);
      expect(only.json()).toMatchObject({
        code: 'ALREADY_TAKEN',
        detail: 'Slug is already used by another article.',
      });
    });
  });
}
