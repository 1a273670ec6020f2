import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, migrate, type Store } from '../../src/index.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';

/** Section 7 serves its calls under /v1; section 2's screens are elsewhere. */
const SPEC = specText('Notes', {
  1: `
Notes.
`,
  2: `
| Route      | Screen  | Kind   | Entity | Who    | Shows          |
| ---------- | ------- | ------ | ------ | ------ | -------------- |
| /          | Home    | page   |        | anyone | Notes          |
| /sign-in   | Sign in | sign-in |       | anyone |                |
| /notes     | Notes   | list   | Note   | anyone | columns text   |
| /notes/:id | Note    | detail | Note   | anyone |                |
`,
  3: `
### Note

| Field | Type | Required | Default | Rules        |
| ----- | ---- | -------- | ------- | ------------ |
| text  | text | yes      |         | 1..200 chars |
`,
  7: `
| Method | Path          | Operation | Payload | Response |
| ------ | ------------- | --------- | ------- | -------- |
| GET    | /v1/notes     | list Note |         | Note[]   |
| GET    | /v1/notes/:id | get Note  |         | Note     |
| POST   | /v1/session   | sign-in   | \`{ email, password }\` |    |
`,
});

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const JSON_ONLY = 'application/json';

describeDialect('sqlite', 'paths under a declared API prefix', (databases) => {
  const webRoot = mkdtempSync(join(tmpdir(), 'specrun-web-'));
  const model = parsed(SPEC);
  let store: Store;
  let app: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
    store = await databases.open();
    await migrate(store, model);
    app = await createServer({ model, store, policy: allowAllPolicy(model), webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
  const get = (url: string, accept?: string) =>
    app.inject({ url, headers: accept ? { accept } : {} });
  const expectNotFound = (response: Awaited<ReturnType<typeof get>>, what: string) => {
    expect(response.statusCode, what).toBe(404);
    expect(response.headers['content-type'], what).toMatch(/^application\/problem\+json/);
    expect(response.json(), what).toMatchObject({ code: 'NOT_FOUND' });
  };

  it('serves the calls declared there', async () => {
    const answer = await get('/v1/notes', JSON_ONLY);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it('answers a path no call serves there with a 404 problem, whatever the request accepts', async () => {
    for (const url of ['/v1', '/v1/', '/v1/nothing', '/v1/notes/1/more', '/v1/session/x'])
      for (const accept of [undefined, JSON_ONLY, BROWSER, '*/*'])
        expectNotFound(await get(url, accept), `${url} ${accept ?? 'no Accept'}`);
  });

  it('answers a browser navigation to a screen with the app', async () => {
    for (const url of ['/', '/notes', '/notes/42', '/sign-in', '/nowhere'])
      for (const accept of [BROWSER, undefined, '*/*']) {
        const response = await get(url, accept);
        expect(response.statusCode, `${url} ${accept ?? 'no Accept'}`).toBe(200);
        expect(response.body).toContain('<title>app</title>');
      }
  });

  it('answers a JSON request to a path that is no screen with a 404 problem, not the app', async () => {
    for (const url of ['/nowhere', '/notes/42/more', '/api/nothing'])
      expectNotFound(await get(url, JSON_ONLY), url);
  });
});
