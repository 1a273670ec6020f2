import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

/** Sends raw bytes on a new connection and answers everything the server writes back. */
function exchange(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('requests Node’s HTTP parser refuses', () => {
  let app: Awaited<ReturnType<typeof createServer>>;
  let port = 0;
  beforeAll(async () => {
    app = await createServer({ model: EXAMPLE_MODELS.unspecified! });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  const cases: [string, Buffer][] = [
    [
      'a raw byte above 0x7f in the path',
      Buffer.concat([
        Buffer.from('GET /api/users/'),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    ],
    [
      'a request line of 100 kB',
      Buffer.from(`GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    ],
    ['a header that is not one', Buffer.from('GET / HTTP/1.1\r\nHost x\r\n\r\n')],
  ];
  for (const [what, request] of cases) {
    it(`answers ${what} with a BAD_REQUEST problem document`, async () => {
      const answer = await exchange(port, request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(body!)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });
  }
});
