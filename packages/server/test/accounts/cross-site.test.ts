import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import {
  freshEmail,
  serveAccounts,
  sessionCookie,
  type AccountsServer,
} from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';

/** Routes standing for the rest of the API: they answer who the caller is. */
function whoAmI(path: string) {
  return (app: FastifyInstance) => {
    const answer = async (request: { actor: { email: string } | null }) => ({
      email: request.actor?.email ?? null,
    });
    app.get(`/api/${path}`, answer);
    app.post(`/api/${path}`, answer);
    app.delete(`/api/${path}`, answer);
  };
}

const CROSS_SITE: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: 'http://localhost:8080' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
];

const SAME_SITE: Record<string, string>[] = [
  {},
  { origin: 'http://localhost:80' },
  { origin: 'http://localhost' },
  { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
  { 'sec-fetch-site': 'none' },
];

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'cross-site requests', (databases) => {
    let server: AccountsServer;
    let session = '';
    const email = freshEmail();
    beforeAll(async () => {
      server = await serveAccounts(await databases.open(), MODELS.helpdesk, {
        before: whoAmI('before'),
        after: whoAmI('after'),
      });
      const response = await server.send('POST', '/api/sign-up', {
        body: { email, password: PASSWORD, name: 'Sam' },
      });
      session = sessionCookie(response)!.value;
    }, 60_000);
    afterAll(async () => {
      await server.app.close();
      await server.store.close();
    });
    const send = (method: string, url: string, headers: Record<string, string>, body?: object) =>
      server.send(method, url, { session, headers: { host: 'localhost:80', ...headers }, body });

    it('resolves the session for API routes registered before and after', async () => {
      for (const path of ['/api/before', '/api/after']) {
        expect((await send('GET', path, {})).json()).toEqual({ email });
        expect((await send('POST', path, {}, {})).json()).toEqual({ email });
      }
      const anonymous = await server.send('GET', '/api/after');
      expect(anonymous.json()).toEqual({ email: null });
    });

    it('refuses cookie-authenticated writes from another site, anywhere under /api', async () => {
      for (const headers of CROSS_SITE) {
        for (const [method, url] of [
          ['POST', '/api/after'],
          ['DELETE', '/api/before'],
          ['POST', '/api/sign-out'],
        ] as const) {
          const response = await send(method, url, headers, method === 'POST' ? {} : undefined);
          expect(response.statusCode, JSON.stringify(headers)).toBe(403);
          expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
          expect(response.json().detail).toMatch(/cross-site request refused/i);
        }
      }
      // The refused sign-out did not end the session.
      expect((await send('GET', '/api/me', {})).statusCode).toBe(200);
    });

    it('lets same-origin writes and cross-site reads through', async () => {
      for (const headers of SAME_SITE) {
        const response = await send('POST', '/api/after', headers, {});
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
        expect(response.json()).toEqual({ email });
      }
      const read = await send('GET', '/api/me', { origin: 'https://evil.example' });
      expect(read.statusCode).toBe(200);
    });

    it('refuses cross-site sign-in and sign-up even without a cookie', async () => {
      const headers = { host: 'localhost:80', origin: 'https://evil.example' };
      const signIn = await server.send('POST', '/api/sign-in', {
        headers,
        body: { email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(403);
      expect(sessionCookie(signIn)).toBeUndefined();
      const signUp = await server.send('POST', '/api/sign-up', {
        headers: { 'sec-fetch-site': 'cross-site' },
        body: { email: freshEmail(), password: PASSWORD, name: 'X' },
      });
      expect(signUp.statusCode).toBe(403);
      const anonymousWrite = await server.send('POST', '/api/after', { headers, body: {} });
      expect(anonymousWrite.statusCode).toBe(200);
    });

    it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
      const response = await send(
        'POST',
        '/api/after',
        {
          origin: 'https://app.example',
          'x-forwarded-host': 'app.example',
        },
        {},
      );
      expect(response.statusCode).toBe(403);
    });

    it('behind a trusted proxy, follows the forwarded host and sets Secure over HTTPS', async () => {
      const proxied = await serveAccounts(server.store, server.model, {
        trustProxy: true,
        after: whoAmI('after'),
      });
      try {
        const forwarded = {
          host: 'internal:3000',
          origin: 'https://app.example',
          'x-forwarded-host': 'app.example',
          'x-forwarded-proto': 'https',
        };
        const write = await proxied.send('POST', '/api/after', {
          session,
          headers: forwarded,
          body: {},
        });
        expect(write.statusCode).toBe(200);
        expect(write.json()).toEqual({ email });
        const signIn = await proxied.send('POST', '/api/sign-in', {
          headers: forwarded,
          body: { email, password: PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        expect(sessionCookie(signIn)).toMatchObject({ secure: true, httpOnly: true });
        const evil = await proxied.send('POST', '/api/after', {
          session,
          headers: { ...forwarded, origin: 'https://evil.example' },
          body: {},
        });
        expect(evil.statusCode).toBe(403);
      } finally {
        await proxied.app.close();
      }
    });
  });
}
