import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report } from './support/counts.js';
import { freshData } from './support/helpdesk.js';
import { rawRequest } from './support/raw-http.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';

// The wire itself as a weapon, against a real `specrun start`: numbers a double would round,
// a body built to make the error answer huge, clients that send their request a byte at a time,
// and the trace each request must leave. The ledger's section 9 sets the timeouts to 1 s for the
// headers, 2 s for the whole request and 1 s for an idle connection, so that being cut off is seen within seconds.
const LEDGER = fileURLToPath(new URL('./support/wire.spec.md', import.meta.url));
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const KEEP_ALIVE_TIMEOUT_MS = 1000;
// Node looks for late requests once a second; the rest is a loaded machine's slack.
const CUT_OFF_WITHIN_MS = 1000 + 1500;

let server: SpecrunProcess;

beforeAll(async () => {
  server = await startSpecrun(LEDGER, freshData());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const postJson = (body: string) =>
  rawRequest(server.base, {
    method: 'POST',
    target: '/api/entries',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('exact numbers on the wire', () => {
  it('keeps money and decimals sent as JSON numbers exactly, and answers them as written', async () => {
    const made = await postJson(
      '{"amount": 12345678901234567.89, "rate": 0.1000000000000000055511151231257827}',
    );
    expect(made.status, made.body).toBe(201);
    const created = JSON.parse(made.body) as { id: string; amount: unknown; rate: unknown };
    expect(created.amount).toBe('12345678901234567.89');
    expect(created.rate).toBe('0.1000000000000000055511151231257827');
    const read = await fetch(`${server.base}/api/entries/${created.id}`);
    expect(await read.json()).toMatchObject({
      amount: '12345678901234567.89',
      rate: '0.1000000000000000055511151231257827',
    });
  });

  it('refuses a number a double would round instead of storing another', async () => {
    for (const body of [
      '{"count": 12345678901234567}',
      '{"count": 1.00000000000000001}',
      '{"amount": 0.100000000000000001}',
    ]) {
      const refused = await postJson(body);
      expect(refused.status, `${body}: ${refused.body}`).toBe(422);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('bounded error answers', () => {
  it('answers an 880 KB body of unknown keys with a short problem that counts the rest', async () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `"${'k'.repeat(14)}${i}": 1`);
    const body = `{${keys.join(',')}}`;
    expect(body.length).toBeGreaterThan(800_000);
    const answer = await postJson(body);
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(20_000);
    const problem = JSON.parse(answer.body) as { errors: unknown[]; moreErrors: number };
    expect(problem.errors.length + problem.moreErrors).toBe(40_000);
    report(`880 KB of unknown keys answered with ${answer.body.length} bytes`);
  });

  it('never echoes a long key or value in full', async () => {
    const long = 'x'.repeat(100_000);
    const answer = await postJson(JSON.stringify({ [long]: 1, label: long, count: long }));
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(5_000);
  });
});

/** Opens a connection and sends `head`, then one more byte of `trickle` every 200 ms. */
function slowClient(head: string, trickle: string) {
  const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
  const opened = Date.now();
  let sent = 0;
  socket.on('connect', () => socket.write(head));
  const timer = setInterval(() => {
    if (!socket.destroyed && sent < trickle.length) socket.write(trickle[sent++]!);
  }, 200);
  const closed = new Promise<number>((resolve) => {
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - opened);
    });
  });
  return { socket, closed };
}

async function timedHealth(): Promise<number> {
  const started = Date.now();
  const answer = await fetch(`${server.base}/api/_health`);
  expect(answer.status).toBe(200);
  return Date.now() - started;
}

describe('slow clients', () => {
  const host = () => `Host: ${new URL(server.base).host}\r\n`;
  const endless = 'X-Slow: '.padEnd(10_000, 'a');

  it('cuts off a client that trickles its headers, serving others meanwhile', async () => {
    const slow = Array.from({ length: 20 }, () =>
      slowClient(`GET /api/_health HTTP/1.1\r\n${host()}`, endless),
    );
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      health.push(await timedHealth());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const lasted = await Promise.all(slow.map((s) => s.closed));
    expect(Math.max(...health)).toBeLessThan(500);
    expect(Math.min(...lasted)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(Math.max(...lasted)).toBeLessThan(HEADERS_TIMEOUT_MS + CUT_OFF_WITHIN_MS);
    report(`20 slow-header clients cut off after ${Math.max(...lasted)} ms at most`);
  }, 20_000);

  it('cuts off a client that trickles its body, serving others meanwhile', async () => {
    const head =
      `POST /api/entries HTTP/1.1\r\n${host()}Content-Type: application/json\r\n` +
      'Content-Length: 10000\r\n\r\n';
    const slow = Array.from({ length: 20 }, () => slowClient(head, `{"label": "${endless}`));
    const health: number[] = [];
    for (let i = 0; i < 8; i++) {
      health.push(await timedHealth());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const lasted = await Promise.all(slow.map((s) => s.closed));
    expect(Math.max(...health)).toBeLessThan(500);
    expect(Math.max(...lasted)).toBeLessThan(REQUEST_TIMEOUT_MS + CUT_OFF_WITHIN_MS);
    report(`20 slow-body clients cut off after ${Math.max(...lasted)} ms at most`);
  }, 20_000);

  it('leaves idle kept-alive connections open no longer than the keep-alive timeout', async () => {
    const idle: Socket = connect(Number(new URL(server.base).port), '127.0.0.1');
    const opened = Date.now();
    idle.on('connect', () => idle.write(`GET /api/_health HTTP/1.1\r\n${host()}\r\n`));
    const lasted = await new Promise<number>((resolve) => {
      idle.on('error', () => {});
      idle.on('close', () => resolve(Date.now() - opened));
      idle.resume();
    });
    expect(lasted).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + CUT_OFF_WITHIN_MS);
  }, 20_000);
});

describe('a trace of every request', () => {
  it('logs one JSON line per request, with the route pattern and status, and no body', async () => {
    const secret = 'do-not-log-this-value';
    const answer = await postJson(JSON.stringify({ [`${secret}-key`]: secret }));
    expect(answer.status).toBe(400);
    const made = await postJson('{"label": "logged"}');
    const id = (JSON.parse(made.body) as { id: string }).id;
    await fetch(`${server.base}/api/entries/${id}`);
    // The lines are written as the answers go: give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/api/entries', status: 400 }),
    );
    const read = lines.find((l) => l.route === '/api/entries/:id' && l.status === 200);
    expect(read).toMatchObject({ method: 'GET' });
    expect(typeof read?.ms).toBe('number');
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain(id);
  });
});
