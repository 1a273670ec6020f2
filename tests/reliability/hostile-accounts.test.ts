import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePath } from '../support/examples.js';
import { addUser, call, PASSWORD, signIn, type Caller } from './support/accounts.js';
import { FULL, report } from './support/counts.js';
import { freshData, HELPDESK } from './support/helpdesk.js';
import { rawRequest } from './support/raw-http.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';

// Issue 19, accounts: against real `specrun start` processes behind a (simulated) proxy. The
// client of each request is the address the proxy appends to X-Forwarded-For; whatever a client
// writes before it is its own claim.

// Every counted attempt works out a password hash at the production cost, so the subset sets
// small limits in section 9 (the engine reads them as it reads its defaults); RELIABILITY=full
// runs the example as it is, with the engine's defaults.
const SIGN_INS = FULL ? 10 : 2;
const SIGN_UPS = FULL ? 20 : 3;
const STRANGERS = FULL ? 3 : 1;

/** The helpdesk, with the subset's limits written into its section 9 beside its data. */
function helpdeskSpec(data: string): string {
  if (FULL) return HELPDESK;
  const row = '| PAGE_SIZE | 25 | Rows per page in lists |';
  const limits = [
    `| SIGN_IN_ATTEMPTS_PER_MINUTE | ${SIGN_INS} | Fewer, so that the cases stay quick |`,
    `| SIGN_UP_ATTEMPTS_PER_HOUR | ${SIGN_UPS} | Fewer, so that the cases stay quick |`,
  ];
  const text = readFileSync(HELPDESK, 'utf8');
  if (!text.includes(row)) throw new Error('the helpdesk example has no PAGE_SIZE row to follow');
  const spec = join(dirname(data), 'helpdesk-limits.spec.md');
  writeFileSync(
    spec,
    text.replace(row, () => [row, ...limits].join('\n')),
  );
  return spec;
}

let next = 0;
/** A client address of its own for each case (TEST-NET ranges: nobody's real address). */
const freshClient = () => `198.51.100.${++next}`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request from `client` through the proxy: it appends the address it saw. */
function from(client: string, claimed?: string): Record<string, string> {
  return { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client };
}

const signUpFrom = (base: string, client: string, body: Record<string, unknown>) =>
  call(base, undefined, 'POST', '/api/sign-up', body, from(client));

const signInFrom = (
  base: string,
  client: string,
  email: string,
  password: string,
  claimed?: string,
) => call(base, undefined, 'POST', '/api/sign-in', { email, password }, from(client, claimed));

const fieldsOf = (answer: Answer) =>
  ((answer.body.errors ?? []) as { field?: string }[]).map((e) => e.field);

describe('hostile accounts: a helpdesk behind a proxy (--trust-proxy)', () => {
  let server: SpecrunProcess;
  let admin: Caller;
  let n = 0;
  const email = (what: string) => `${what}${++n}@hostile.test`;

  beforeAll(async () => {
    const storage = freshData();
    const spec = helpdeskSpec(storage.data);
    await addUser(spec, storage, 'admin@hostile.test', 'admin');
    server = await startSpecrun(spec, storage, ['--trust-proxy']);
    admin = await signIn(server.base, 'admin@hostile.test');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps one account per email, whatever its case or Unicode form', async () => {
    const address = email('josé');
    const client = freshClient();
    const made = await signUpFrom(server.base, client, {
      email: address,
      name: 'J',
      password: PASSWORD,
    });
    expect(made.status).toBe(201);
    const decomposed = await signUpFrom(server.base, client, {
      email: address.normalize('NFD'),
      name: 'J',
      password: PASSWORD,
    });
    // The same account's email: a clash alone, ALREADY_TAKEN (409).
    expect(decomposed.status).toBe(409);
    // An administrator making accounts is held to the same rule.
    const shouted = await call(server.base, admin, 'POST', '/api/users', {
      email: address.toUpperCase(),
      name: 'J',
      roles: ['customer'],
      password: PASSWORD,
    });
    expect(shouted.status).toBe(409);
    expect(fieldsOf(shouted)).toEqual(['email']);
  });

  it('refuses invisible characters and letters of another alphabet in an email', async () => {
    const client = freshClient();
    for (const address of [
      `zero\u200Bwidth${++n}@hostile.test`,
      `p\u0430ypal${++n}@hostile.test`,
    ]) {
      const answer = await signUpFrom(server.base, client, {
        email: address,
        name: 'X',
        password: PASSWORD,
      });
      expect(answer.status, JSON.stringify(address)).toBe(422);
      expect(fieldsOf(answer)).toEqual(['email']);
    }
  });

  it('answers a failing sign-up the same whether or not the email has an account', async () => {
    const client = freshClient();
    const taken = email('taken');
    expect(
      (await signUpFrom(server.base, client, { email: taken, name: 'T', password: PASSWORD }))
        .status,
    ).toBe(201);
    // Nothing would be made either way: the name is missing.
    const onTaken = await signUpFrom(server.base, client, { email: taken, password: PASSWORD });
    const onFree = await signUpFrom(server.base, client, {
      email: email('free'),
      password: PASSWORD,
    });
    expect(onTaken.status).toBe(422);
    expect(onTaken.body).toEqual(onFree.body);
  });

  it(`stops a sign-up flood from one address after ${SIGN_UPS}`, async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UPS + 5; i++) {
      const answer = await signUpFrom(server.base, client, {
        email: email('flood'),
        name: 'F',
        password: PASSWORD,
      });
      statuses.push(answer.status);
    }
    report(`sign-up flood: ${statuses.filter((s) => s === 201).length} of ${statuses.length} made`);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SIGN_UPS);
    expect(statuses.slice(SIGN_UPS)).toEqual(Array(5).fill(429));
  });

  it('refuses common and breached passwords', async () => {
    for (const password of [
      'password',
      'passwordpassword',
      'password12345678',
      'qwertyuiopasdfgh',
    ]) {
      const answer = await signUpFrom(server.base, freshClient(), {
        email: email('weak'),
        name: 'W',
        password,
      });
      expect(answer.status, password).toBe(422);
      expect(fieldsOf(answer)).toEqual(['password']);
    }
  });

  it('does not let a stranger lock someone else out', async () => {
    const victim = email('victim');
    const home = freshClient();
    expect(
      (await signUpFrom(server.base, home, { email: victim, name: 'V', password: PASSWORD }))
        .status,
    ).toBe(201);
    // Strangers, each up to its own limit and beyond.
    const limited: number[] = [];
    for (let s = 0; s < STRANGERS; s++) {
      const stranger = freshClient();
      for (let i = 0; i < SIGN_INS + 2; i++)
        limited.push((await signInFrom(server.base, stranger, victim, `guess ${i}`)).status);
    }
    expect(limited.filter((s) => s === 429)).toHaveLength(2 * STRANGERS);
    const owner = await signInFrom(server.base, home, victim, PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('limits the address the proxy saw, not the one the client wrote in X-Forwarded-For', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    // Each attempt claims another address, on another account: only the real address is common.
    for (let i = 0; i < 3 * SIGN_INS + 1; i++)
      statuses.push(
        (await signInFrom(server.base, client, email('spray'), PASSWORD, `203.0.113.${i + 1}`))
          .status,
      );
    expect(statuses.slice(0, 3 * SIGN_INS)).toEqual(Array(3 * SIGN_INS).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a request for another host name (DNS rebinding) before anything else', async () => {
    const { port } = new URL(server.base);
    for (const target of ['/api/_health', '/api/me', '/']) {
      const answer = await rawRequest(server.base, {
        method: 'GET',
        target,
        headers: { host: `rebound.example:${port}` },
      });
      expect(answer.status, target).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'MISDIRECTED_REQUEST' });
    }
  });
});

describe('hostile accounts: the first account of an unspecified application', () => {
  const UNSPECIFIED = examplePath('unspecified');
  const owner = { email: 'owner@first.test', name: 'Owner', password: PASSWORD };
  const servers: SpecrunProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('is not taken through a rebound host name or a proxy, and is made here', async () => {
    const server = await startSpecrun(UNSPECIFIED, freshData());
    servers.push(server);
    const { port } = new URL(server.base);
    const rebound = await rawRequest(server.base, {
      method: 'POST',
      target: '/api/sign-up',
      headers: { host: `rebound.example:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    expect(rebound.status).toBe(421);
    const proxied = await call(server.base, undefined, 'POST', '/api/sign-up', owner, {
      'x-forwarded-for': '203.0.113.66',
    });
    expect(proxied.status).toBe(422);
    const here = await call(server.base, undefined, 'POST', '/api/sign-up', owner);
    expect(here.status).toBe(201);
    expect(here.body.roles).toEqual(['admin']);
  }, 60_000);

  it('behind a proxy, is made only with the setup code start printed', async () => {
    const server = await startSpecrun(UNSPECIFIED, freshData(), ['--trust-proxy']);
    servers.push(server);
    const stranger = await signUpFrom(server.base, '203.0.113.66', owner);
    expect(stranger.status).toBe(422);
    expect(fieldsOf(stranger)).toEqual(['setupCode']);
    for (let i = 0; i < 100 && !/setup code \S+/.test(server.output()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const code = /setup code (\S+)/.exec(server.output())?.[1];
    expect(code, server.output()).toBeDefined();
    const ownerAnswer = await signUpFrom(server.base, '203.0.113.67', {
      ...owner,
      setupCode: code,
    });
    expect(ownerAnswer.status).toBe(201);
    expect(ownerAnswer.body.roles).toEqual(['admin']);
  }, 60_000);
});
