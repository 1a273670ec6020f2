import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASEWORK_PATH } from '../support/casework.js';
import { addUser, call, PASSWORD, signIn, signUp, type Caller } from './support/accounts.js';
import { freshData, startHelpdesk, type Helpdesk } from './support/helpdesk.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';

// Against real `specrun start` processes: each way of reading what section 6 hides that issue 19
// found, tried as a hostile caller would. Every one of them worked before the fix.
const EXPENSES = fileURLToPath(new URL('../../examples/expenses.spec.md', import.meta.url));
const NOWHERE = '00000000-0000-7000-8000-000000000000';

type Answer = Awaited<ReturnType<typeof call>>;
type Entry = Record<string, unknown>;

/** A served specification and its signed-in callers by name. */
interface Served {
  server: SpecrunProcess;
  who: Record<string, Caller>;
}

/** The same refusal: status, code, detail and errors alike, so nothing tells them apart. */
function expectSameRefusal(hidden: Answer, missing: Answer) {
  expect(hidden.status, JSON.stringify(hidden.body)).toBeGreaterThanOrEqual(400);
  expect(hidden.status).toBeLessThan(500);
  expect(hidden).toEqual(missing);
}

/** A server of one specification with callers made by `specrun users add`, signed in. */
async function serve(spec: string, roles: Record<string, string>): Promise<Served> {
  const storage = freshData();
  for (const [name, role] of Object.entries(roles))
    await addUser(spec, storage, `${name}@hostile.test`, role);
  const server = await startSpecrun(spec, storage);
  const who: Record<string, Caller> = {};
  for (const name of Object.keys(roles))
    who[name] = await signIn(server.base, `${name}@hostile.test`);
  return { server, who };
}

/** Casework with an admin, a reviewer, an auditor and two clients (tests/support). */
async function serveCasework(): Promise<Served> {
  const served = await serve(CASEWORK_PATH, { ada: 'admin' });
  // The admin makes the staff's accounts (quicker than `specrun users add`); clients sign up.
  for (const [name, role] of [
    ['rita', 'reviewer'],
    ['otto', 'auditor'],
  ] as const) {
    const email = `${name}@hostile.test`;
    const account = { email, name, roles: [role], password: PASSWORD };
    const made = await call(served.server.base, served.who.ada, 'POST', '/api/users', account);
    if (made.status !== 201) throw new Error(`${email}: ${JSON.stringify(made.body)}`);
    served.who[name] = await signIn(served.server.base, email);
  }
  served.who.ann = await signUp(served.server.base, 'ann@hostile.test');
  served.who.bob = await signUp(served.server.base, 'bob@hostile.test');
  return served;
}

let casework: Served;
let helpdesk: Helpdesk;
let expenses: Served;

// The three servers start together: most of this file's time is theirs.
beforeAll(async () => {
  [casework, helpdesk, expenses] = await Promise.all([
    serveCasework(),
    startHelpdesk(),
    serve(EXPENSES, { erin: 'employee' }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([casework?.server.stop(), helpdesk?.server.stop(), expenses?.server.stop()]);
});

describe('hostile reads: Casework', () => {
  const ask = (caller: string, method: string, path: string, body?: unknown) =>
    call(casework.server.base, casework.who[caller], method, path, body);
  const made = async (caller: string, path: string, body: unknown) => {
    const answer = await ask(caller, 'POST', path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as string;
  };
  const history = async (caller: string, id: string) =>
    (await ask(caller, 'GET', `/api/cases/${id}/history`)).body.items as Entry[];

  it('keeps a decision’s hidden note, its reason and the reviewer out of the client’s history', async () => {
    const folder = await made('ann', '/api/folders', { name: 'Ann’s' });
    const id = await made('ann', '/api/cases', { title: 'Noisy', folder });
    const decision = { reason: 'heard both', outcome: 'upheld', note: 'the neighbour lied' };
    expect((await ask('rita', 'POST', `/api/cases/${id}/decide`, decision)).status).toBe(200);
    expect(await history('ann', id)).toEqual([
      expect.objectContaining({ action: 'decide', input: { outcome: 'upheld' }, byUser: null }),
    ]);
    expect(await history('otto', id)).toEqual([
      expect.objectContaining({ fromState: null, toState: null, input: {}, byUser: null }),
    ]);
    expect(await history('rita', id)).toEqual([
      expect.objectContaining({ input: decision, byUser: casework.who.rita!.id }),
    ]);
  });

  it('refuses a reference to another client’s folder as one to no folder at all', async () => {
    const annFolder = await made('ann', '/api/folders', { name: 'Ann’s' });
    const create = (folder: string) => ask('bob', 'POST', '/api/cases', { title: 'Mine', folder });
    expectSameRefusal(await create(annFolder), await create(NOWHERE));
    const bobFolder = await made('bob', '/api/folders', { name: 'Bob’s' });
    const id = await made('bob', '/api/cases', { title: 'Mine', folder: bobFolder });
    const update = (folder: string) => ask('bob', 'PATCH', `/api/cases/${id}`, { folder });
    expectSameRefusal(await update(annFolder), await update(NOWHERE));
    const move = (folder: string) => ask('bob', 'POST', `/api/cases/${id}/move`, { folder });
    expectSameRefusal(await move(annFolder), await move(NOWHERE));
  });

  it('refuses a filter on a field of the caller’s own account they may not read', async () => {
    const ann = casework.who.ann!.id;
    expect((await ask('ada', 'PATCH', `/api/users/${ann}`, { clearance: 'top' })).status).toBe(200);
    const filter = (source: string) =>
      ask('ann', 'GET', `/api/cases?filter=${encodeURIComponent(source)}`);
    // Character by character, as an attacker would: refused at the first.
    const hidden = await filter('user.clearance.startsWith("t")');
    const unknown = await filter('user.clearanse.startsWith("t")');
    expect(hidden.status).toBe(400);
    expect(hidden.body.detail).toBe(
      String(unknown.body.detail).replaceAll('clearanse', 'clearance'),
    );
    expect((await filter('record.owner == user.id')).status).toBe(200);
  });

  it('counts only the records the caller may read when a delete is refused', async () => {
    const folder = await made('ann', '/api/folders', { name: 'Shared by mistake' });
    await made('ann', '/api/cases', { title: 'Ann’s own', folder });
    await made('ada', '/api/cases', { title: 'The admin’s', folder });
    const refused = await ask('ann', 'DELETE', `/api/folders/${folder}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Still referred to by 1 case (folder), other records.');
  });
});

describe('hostile reads: the helpdesk', () => {
  it('refuses a customer’s ticket about a product they may not read as one about no product', async () => {
    const { server, admin, customer } = helpdesk;
    const body = { name: 'Withdrawn printer', active: false };
    const inactive = await call(server.base, admin, 'POST', '/api/products', body);
    expect(inactive.status).toBe(201);
    const open = (product: string) =>
      call(server.base, customer, 'POST', '/api/tickets', {
        title: 'Does it work?',
        body: 'Asking.',
        product,
      });
    expectSameRefusal(await open(inactive.body.id as string), await open(NOWHERE));
  });

  it('shows a customer their ticket’s history without the agents who worked on it', async () => {
    const { server, agent, customer, ids } = helpdesk;
    const path = `/api/tickets/${ids.ticket}`;
    expect((await call(server.base, agent, 'POST', `${path}/take`)).status).toBe(200);
    const history = await call(server.base, customer, 'GET', `${path}/history`);
    expect(history.body.items).toEqual([expect.objectContaining({ action: 'take', byUser: null })]);
  });
});

describe('hostile reads: expenses', () => {
  it('refuses an employee a filter on their own IBAN or manager, as on fields User lacks', async () => {
    const filter = (source: string) =>
      call(
        expenses.server.base,
        expenses.who.erin,
        'GET',
        `/api/claims?filter=${encodeURIComponent(source)}`,
      );
    for (const field of ['iban', 'manager']) {
      const hidden = await filter(`user.${field} == null`);
      const unknown = await filter(`user.${field}x == null`);
      expect(hidden.status, JSON.stringify(hidden.body)).toBe(400);
      expect(hidden.body.detail).toBe(String(unknown.body.detail).replaceAll(`${field}x`, field));
    }
    expect((await filter('user.email != "" && record.claimant == user.id')).status).toBe(200);
  });
});
