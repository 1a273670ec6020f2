import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed } from '../support/parsed-model.js';
import { signUpWriter, TOKENS_MODEL, TOKENS_SPEC, useTokenServer } from './support/token-app.js';

// Section 7's `- Origins: https://front.example, http://localhost:4100`.

const FRONT = 'https://front.example';
const ANY_ORIGIN = parsed(
  TOKENS_SPEC.replace('- Origins: https://front.example, http://localhost:4100', '- Origins: *'),
);
const preflight = (origin: string, method: string) => ({
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization, content-type',
  },
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'cross-origin calls', (databases) => {
    const server = useTokenServer(databases, TOKENS_MODEL);

    it('answers a preflight from a listed origin with the methods served there', async () => {
      const response = await server.send('OPTIONS', '/api/notes/n1', preflight(FRONT, 'DELETE'));
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(FRONT);
      expect(response.headers.vary).toContain('Origin');
      expect(response.headers['access-control-allow-methods']).toBe('GET, DELETE');
      expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization/);
      expect(String(response.headers['access-control-allow-headers'])).toMatch(/Content-Type/);
      expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
      // Not credentials mode: tokens travel in a header, never in a cookie.
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      const user = await server.send('OPTIONS', '/api/user', preflight(FRONT, 'PUT'));
      expect(user.headers['access-control-allow-methods']).toBe('GET, PUT');
    });

    it('gives other origins no leave to read', async () => {
      const response = await server.send(
        'OPTIONS',
        '/api/notes/n1',
        preflight('https://elsewhere.example', 'DELETE'),
      );
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const read = await server.send('GET', '/api/notes/n1', {
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets a listed origin read answers, errors included', async () => {
      const { token } = await signUpWriter(server, { origin: FRONT });
      const me = await server.send('GET', '/api/user', {
        token,
        headers: { origin: 'http://localhost:4100' },
      });
      expect(me.statusCode).toBe(200);
      expect(me.headers['access-control-allow-origin']).toBe('http://localhost:4100');
      expect(String(me.headers['access-control-expose-headers'])).toMatch(/ETag/);
      const refused = await server.send('GET', '/api/user', { headers: { origin: FRONT } });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe(FRONT);
    });
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'cross-origin calls from any origin', (databases) => {
    const server = useTokenServer(databases, ANY_ORIGIN);

    it('answers `*`, which no cookie can ride on', async () => {
      const response = await server.send(
        'OPTIONS',
        '/api/users/login',
        preflight('https://anywhere.example', 'POST'),
      );
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toBe('POST');
      const read = await server.send('GET', '/api/user', {
        headers: { origin: 'https://anywhere.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBe('*');
    });
  });
}
