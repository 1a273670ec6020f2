import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../packages/server/test/support/postgres-cluster.js';
import { usePostgresDatabases } from '../../packages/server/test/support/postgres-databases.js';
import { addUser, call, signIn, signUp, type Caller } from './support/accounts.js';
import { report } from './support/counts.js';
import { HELPDESK } from './support/helpdesk.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';

const PER_SERVER = 10;

type Answer = Awaited<ReturnType<typeof call>>;

// Two `specrun start` processes on one PostgreSQL database, as behind a load balancer.
describe.skipIf(!postgresBinaries())('scale-out on PostgreSQL', () => {
  const createDatabase = usePostgresDatabases();
  let servers: SpecrunProcess[] = [];
  let admin: Caller;
  let agent: Caller;

  /** The same write through both servers at once, PER_SERVER times each. */
  const both = (send: (base: string, i: number) => Promise<Answer>) =>
    Promise.all(
      servers.flatMap((s, k) =>
        Array.from({ length: PER_SERVER }, (_, i) => send(s.base, k * PER_SERVER + i)),
      ),
    );
  const statuses = (answers: Answer[]) =>
    answers.map((a) => `${a.status} ${String(a.body.code ?? '')}`.trim());
  const wins = (answers: Answer[], status: number) =>
    answers.filter((a) => a.status === status).length;

  beforeAll(async () => {
    const storage = { databaseUrl: await createDatabase('scale_out') };
    await addUser(HELPDESK, storage, 'admin@scale.test', 'admin');
    await addUser(HELPDESK, storage, 'agent@scale.test', 'agent');
    servers = [await startSpecrun(HELPDESK, storage), await startSpecrun(HELPDESK, storage)];
    admin = await signIn(servers[0]!.base, 'admin@scale.test');
    agent = await signIn(servers[1]!.base, 'agent@scale.test');
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('takes a session made on one server on the other, and ends it on both', async () => {
    const [a, b] = servers as [SpecrunProcess, SpecrunProcess];
    const customer = await signUp(a.base, 'travelling@scale.test');
    const me = await call(b.base, customer, 'GET', '/api/me');
    expect(me).toMatchObject({ status: 200, body: { id: customer.id } });
    expect((await call(b.base, customer, 'POST', '/api/sign-out')).status).toBe(204);
    expect((await call(a.base, customer, 'GET', '/api/me')).status).toBe(401);
  });

  it('keeps a count rule under creates through both servers', async () => {
    const customer = await signUp(servers[0]!.base, 'eager@scale.test');
    const answers = await both((base, i) =>
      call(base, customer, 'POST', '/api/tickets', { title: `Ticket ${i}`, body: 'Please help.' }),
    );
    const created = wins(answers, 201);
    report(
      `scale-out: ${answers.length} creates against MAX_OPEN_TICKETS 5: ${created} created (${statuses(answers).join(', ')})`,
    );
    // Exactly what the rule allows: the creates that count take turns across both servers, so
    // none is refused for having raced another, and none is a sixth ticket.
    expect(created).toBe(5);
    const refusals = answers.filter((a) => a.status !== 201).map((a) => a.body.code);
    expect(refusals.every((code) => code === 'TOO_MANY_OPEN_TICKETS')).toBe(true);
  });

  it('keeps a unique field under creates through both servers', async () => {
    const answers = await both((base) =>
      call(base, admin, 'POST', '/api/products', { name: 'Same name' }),
    );
    report(
      `scale-out: ${answers.length} creates of one unique name: ${wins(answers, 201)} created`,
    );
    expect(wins(answers, 201)).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 422 || a.status === 409)).toBe(
      true,
    );
  });

  it('lets one racing transition and one If-Match update win across both servers', async () => {
    const customer = await signUp(servers[1]!.base, 'racer@scale.test');
    const made = await call(servers[0]!.base, customer, 'POST', '/api/tickets', {
      title: 'Race',
      body: 'Go.',
    });
    const path = `/api/tickets/${made.body.id as string}`;
    const takes = await both((base) => call(base, agent, 'POST', `${path}/take`));
    expect(wins(takes, 200)).toBe(1);
    expect(takes.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const updates = await both((base, i) =>
      call(base, agent, 'PATCH', path, { title: `Title ${i}` }, { 'if-match': '"2"' }),
    );
    report(`scale-out: ${takes.length} racing takes, ${updates.length} racing If-Match updates`);
    expect(wins(updates, 200)).toBe(1);
    expect(updates.filter((a) => a.status !== 200).every((a) => a.status === 412)).toBe(true);
  });
});
