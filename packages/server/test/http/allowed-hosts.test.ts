import { request } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, proxyTrust } from '../../src/http/proxy-trust.js';
import { createServer } from '../../src/index.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

/** One GET on a real connection with the Host and headers given. */
function get(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host allow-list', () => {
  let app: Awaited<ReturnType<typeof createServer>>;
  let port: number;

  beforeAll(async () => {
    app = await createServer({
      model: EXAMPLE_MODELS.unspecified!,
      publicHosts: ['app.example.com', 'other.example:8443'],
      trustProxy: 1,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers this machine’s names at the port served, and the public hosts', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `LOCALHOST:${port}`,
      'app.example.com',
      'app.example.com:443',
      'other.example:8443',
    ]) {
      const answer = await get(port, '/api/_health', { host });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses any other host first, with 421 MISDIRECTED_REQUEST: DNS rebinding reaches nothing', async () => {
    for (const host of [
      `rebound.example:${port}`,
      `localhost:${port + 1}`,
      'localhost',
      'other.example:8444',
      `127.0.0.2:${port}`,
    ]) {
      for (const path of ['/api/_health', '/', '/api/sign-up', '/api/nothing']) {
        const answer = await get(port, path, { host });
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'MISDIRECTED_REQUEST', status: 421 });
      }
    }
  });

  it('checks the host a trusted proxy forwards as well', async () => {
    const forwarded = await get(port, '/api/_health', {
      host: `127.0.0.1:${port}`,
      'x-forwarded-host': 'rebound.example',
    });
    expect(forwarded.status).toBe(421);
    const proxied = await get(port, '/api/_health', {
      host: `127.0.0.1:${port}`,
      'x-forwarded-host': 'app.example.com',
    });
    expect(proxied.status).toBe(200);
  });
});

describe('trusted proxies', () => {
  async function clientOf(trust: ReturnType<typeof parseTrustProxy>, forwardedFor: string) {
    const app = Fastify({ trustProxy: proxyTrust(trust) });
    app.get('/', (req) => ({ ip: req.ip, protocol: req.protocol }));
    const answer = await app.inject({
      url: '/',
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    });
    await app.close();
    return answer.json() as { ip: string; protocol: string };
  }

  it('reads the client the nearest proxies saw, never the left-most address a client writes', async () => {
    // The client wrote 6.6.6.6; the one proxy in front appended the address it saw.
    expect(await clientOf(1, '6.6.6.6, 198.51.100.7')).toEqual({
      ip: '198.51.100.7',
      protocol: 'https',
    });
    expect(await clientOf(true, '6.6.6.6, 198.51.100.7')).toMatchObject({ ip: '198.51.100.7' });
    expect(await clientOf(2, '6.6.6.6, 198.51.100.7, 10.0.0.2')).toMatchObject({
      ip: '198.51.100.7',
    });
    expect(
      await clientOf(parseTrustProxy('loopback,10.0.0.0/8'), '6.6.6.6, 198.51.100.7, 10.0.0.2'),
    ).toMatchObject({ ip: '198.51.100.7' });
    expect(await clientOf(false, '6.6.6.6')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('reads --trust-proxy as hops or addresses, and refuses anything else', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, ::1,10.0.0.0/8,loopback')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'loopback',
    ]);
    for (const bad of ['0', 'yes', '10.0.0.0/33', 'app.spec.md', '1.2.3'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/--trust-proxy takes/);
  });
});
