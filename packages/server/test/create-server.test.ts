import type { AppModel } from '@specrun/model';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, migrate, openStore } from '../src/index.js';
import { EXAMPLE_MODELS } from './operations/support/example-models.js';

// The project's all-unspecified example (it has the built-in User, as every model does), with a
// catalogue message of its own to show that problems use it.
const unspecified = EXAMPLE_MODELS.unspecified!;
const model: AppModel = {
  ...unspecified,
  name: 'Test app',
  catalogue: [
    { code: 'NOT_FOUND', status: 404, message: 'Nothing here, sorry.', engine: true },
    ...unspecified.catalogue.filter((entry) => entry.code !== 'NOT_FOUND'),
  ],
};

describe('the HTTP server', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'specrun-web-'));
  let app: Awaited<ReturnType<typeof createServer>>;

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await createServer({ model, webRoot });
  });
  afterAll(() => app.close());

  it('serves the model as JSON at /api/_model', async () => {
    const response = await app.inject({ url: '/api/_model' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(model);
  });

  it('answers an unknown API path with a problem document using the catalogue message', async () => {
    const response = await app.inject({ url: '/api/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'urn:specrun:error:NOT_FOUND',
      title: 'Not Found',
      status: 404,
      code: 'NOT_FOUND',
      detail: 'Nothing here, sorry.',
    });
  });

  it('answers app routes with the web app, so the app can route them', async () => {
    for (const url of ['/', '/tickets/42', '/deep/link?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>app</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends a content security policy that forbids inline scripts', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's whole set of security headers on pages, API answers and errors alike", async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/', '/api/_health', '/api/nothing-here', '/assets/app-1234.js']) {
      const response = await app.inject({ url });
      expect(response.headers, url).toMatchObject(expected);
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('answers a write to a read-only API path with 405 and Allow, whatever the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/_model',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a write to an unknown API path with 404 NOT_FOUND, not a crash', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('serves no record calls without a store', async () => {
    const response = await app.inject({ url: '/api/users' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the HTTP server without a built web app', () => {
  it('still serves the API, and answers pages with a problem document', async () => {
    const app = await createServer({ model });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await app.inject({ url: '/api/_model' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('the HTTP server with a store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'specrun-server-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('denies by default: without a policy given, it follows section 6, which allows nothing here', async () => {
    const store = await openStore({ dataDir });
    await migrate(store, model);
    const app = await createServer({ model, store });
    try {
      const anonymous = await app.inject({ url: '/api/users' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
      const made = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { email: 'mallory@example.com', name: 'Mallory', password: 'a long password 1' },
      });
      expect(made.statusCode, made.body).toBe(401);
      expect(await store.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
