import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_BOUNDS } from '../../src/catalogue/problem.js';
import { createServer, migrate, openStore, type Store } from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const helpdesk = EXAMPLE_MODELS.helpdesk!;
const json = { 'content-type': 'application/json' };

describe('what the wire carries back: bounded problems and a log line per request', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'specrun-wire-'));
  const lines: Record<string, unknown>[] = [];
  const logged = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let store: Store;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openStore({ dataDir });
    await migrate(store, helpdesk);
    app = await createServer({
      model: helpdesk,
      store,
      passwordCost: TEST_COST,
      logger: { level: 'info', stream: logged },
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let cookie = '';
  let userId = '';
  const email = 'wire-log@example.org';
  const password = 'a passphrase nobody logs';
  beforeAll(async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/sign-up',
      headers: json,
      payload: JSON.stringify({ email, password, name: 'Ada' }),
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    userId = (signUp.json() as { id: string }).id;
  });

  it('lists at most the bounded number of problems, and counts the rest', async () => {
    const keys = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`k${'x'.repeat(200)}${i}`, 1]),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { ...json, cookie },
      payload: JSON.stringify(keys),
    });
    expect(response.statusCode, response.body).toBe(400);
    const problem = response.json() as {
      detail: string;
      errors: { field: string; message: string }[];
      moreErrors: number;
    };
    expect(problem.errors).toHaveLength(PROBLEM_BOUNDS.errors);
    expect(problem.moreErrors).toBe(500 - PROBLEM_BOUNDS.errors);
    expect(problem.detail).toMatch(/and 490 more/);
    expect(problem.detail.length).toBeLessThan(1000);
    for (const item of problem.errors)
      expect(item.field.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.fieldCharacters);
  });

  it('logs the route pattern, the status, the time and the signed-in user, and nothing sent', async () => {
    const read = await app.inject({ url: `/api/users/${userId}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    await app.inject({ url: '/api/_health' });
    const line = lines.find((l) => l.route === '/api/users/:id');
    expect(line).toMatchObject({ msg: 'answered', method: 'GET', status: 200, user: userId });
    expect(typeof line?.ms).toBe('number');
    expect(lines.find((l) => l.route === '/api/_health')).not.toHaveProperty('user');
    const text = JSON.stringify(lines);
    for (const secret of [password, email, cookie.split('=')[1]!])
      expect(text).not.toContain(secret);
  });
});
