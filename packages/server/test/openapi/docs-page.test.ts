import { prepareModel } from '../../src/index.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app/create-server.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const model = EXAMPLE_MODELS.workshops!;

/** The scripts, styles and icons a page loads, as written in its HTML. */
function assets(html: string): string[] {
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)];
  return urls.map((m) => m[1]!);
}

describe('GET /openapi.json and /docs, under the server CSP', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The real server, with its helmet CSP: it serves the document and the page itself.
    app = await createServer({ model });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the document as JSON, the same as openApiDocument builds', async () => {
    const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual(openApiDocument(prepareModel(model)));
    const etag = answer.headers.etag as string;
    expect(etag).toBe(`"${answer.json<{ info: { version: string } }>().info.version}"`);
    const again = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  for (const url of ['/docs', '/docs/']) {
    it(`serves ${url} as a page whose scripts are all files of its own origin`, async () => {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      // script-src 'self' forbids inline scripts and handlers: the page must have none.
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc="/);
        expect(body!.trim()).toBe('');
      }
      expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
      const files = assets(page.body);
      expect(files.length).toBeGreaterThanOrEqual(5);
      for (const file of files) {
        expect(file).not.toMatch(/^(https?:)?\/\//);
        const asset = await app.inject({
          method: 'GET',
          url: new URL(file, `http://x${url}`).pathname,
        });
        expect(asset.statusCode, file).toBe(200);
        expect(asset.headers['content-type'], file).toMatch(/javascript|css|image/);
        expect(asset.headers['content-security-policy']).toBe(csp);
      }
    });
  }

  it("passes on the page's answers whole: a HEAD's length, a 304 when the client has the file", async () => {
    const url = '/docs/static/swagger-ui.css';
    const file = await app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(file.rawPayload.length));
    const etag = String(file.headers.etag);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A path under /docs the page does not have is answered as any unknown path is.
    const missing = await app.inject({ method: 'GET', url: '/docs/static/no-such-file.js' });
    const elsewhere = await app.inject({ method: 'GET', url: '/no-such-file.js' });
    expect(missing.statusCode).toBe(elsewhere.statusCode);
    expect(missing.json()).toMatchObject({ type: elsewhere.json<{ type: string }>().type });
  });

  it('loads the same document into the page', async () => {
    const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(openApiDocument(prepareModel(model)));
  });
});
