import type { AppModel } from '@specrun/model';
import { MODEL_VERSION } from '@specrun/model';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/index.js';

const model: AppModel = {
  modelVersion: MODEL_VERSION,
  name: 'Test app',
  title: 'Specification: Test app',
  description: '',
  properties: {},
  sections: [],
  screens: [],
  entities: [],
  lifecycles: [],
  rules: [],
  roles: [],
  permissions: [],
  calls: [],
  catalogue: [{ code: 'NOT_FOUND', status: 404, message: 'Nothing here, sorry.', engine: true }],
  constants: [],
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
      detail: 'Nothing is served at GET /api/nothing.',
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

  it('answers a write to an unknown API path with 404 NOT_FOUND, not a crash', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/_model',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toMatch(/^(NOT_FOUND|BAD_REQUEST)$/);
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
