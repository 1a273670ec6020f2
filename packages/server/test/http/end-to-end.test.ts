import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAccount, createServer, migrate, type Store } from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

// The helpdesk as its users meet it: real accounts and sessions, the policy compiled from
// section 6, the lifecycle of section 4, all through the one server `specrun start` runs.
const model = EXAMPLE_MODELS.helpdesk!;
const PASSWORD = 'correct horse battery staple';

type Body = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof createServer>>;

interface Send {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  session?: string;
  body?: Body;
  headers?: Record<string, string>;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the helpdesk over HTTP, signed in', (databases) => {
    let store: Store;
    let app: Server;
    const sessions: Record<string, string> = {};
    const ids: Record<string, string> = {};

    const send = (url: string, { method = 'GET', session, body, headers = {} }: Send = {}) =>
      app.inject({
        method,
        url,
        headers: session ? { ...headers, cookie: `specrun_session=${session}` } : headers,
        ...(body ? { payload: body } : {}),
      });
    const json = (response: LightMyRequestResponse) => response.json<Body>();
    const signIn = async (email: string) => {
      const response = await send('/api/sign-in', {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.cookies.find((c) => c.name === 'specrun_session')!.value;
    };

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      app = await createServer({ model, store, passwordCost: TEST_COST });
      for (const [who, roles] of [
        ['agent', ['agent']],
        ['other', ['customer']],
      ] as const) {
        const email = `${who}@help.test`;
        const account = { email, name: who, roles: [...roles], password: PASSWORD };
        ids[who] = (await addAccount(model, store, account, TEST_COST)).id;
        sessions[who] = await signIn(email);
      }
      const signedUp = await send('/api/sign-up', {
        method: 'POST',
        body: { email: 'cara@help.test', name: 'Cara', password: PASSWORD },
      });
      expect(signedUp.statusCode, signedUp.body).toBe(201);
      sessions.customer = signedUp.cookies.find((c) => c.name === 'specrun_session')!.value;
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    let ticket: Body;

    it('lets a customer open a ticket, answered with the actions they may take on it', async () => {
      const made = await send('/api/tickets', {
        method: 'POST',
        session: sessions.customer,
        body: { title: 'Printer jammed', body: 'Tray 2 again.', priority: 'low' },
      });
      expect(made.statusCode, made.body).toBe(201);
      ticket = json(made);
      expect(ticket.status).toBe('open');
      expect(ticket).not.toHaveProperty('internalNote');
      // Section 6 lets a customer edit their open ticket (update), never delete it.
      expect(ticket.actions).toEqual(['cancel', 'update']);
      const anonymous = json(await send(`/api/tickets/${String(ticket.id)}`));
      expect(anonymous.code).toBe('UNAUTHENTICATED');
      const agentView = json(
        await send(`/api/tickets/${String(ticket.id)}`, { session: sessions.agent }),
      );
      expect(agentView.actions).toEqual(['assign', 'take', 'update']);
    });

    it('shows another customer nothing of it, in the list or by id', async () => {
      const listed = json(await send('/api/tickets', { session: sessions.other }));
      expect(listed.items).toEqual([]);
      const got = await send(`/api/tickets/${String(ticket.id)}`, { session: sessions.other });
      expect(got.statusCode).toBe(404);
      const taken = await send(`/api/tickets/${String(ticket.id)}/cancel`, {
        method: 'POST',
        session: sessions.other,
      });
      expect(taken.statusCode).toBe(404);
    });

    it('refuses a customer an agent’s action, and an agent a stale version', async () => {
      const url = `/api/tickets/${String(ticket.id)}`;
      const refused = await send(`${url}/take`, { method: 'POST', session: sessions.customer });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).code).toBe('FORBIDDEN');
      const stale = await send(`${url}/take`, {
        method: 'POST',
        session: sessions.agent,
        headers: { 'if-match': '"7"' },
      });
      expect(stale.statusCode).toBe(412);
      expect(json(stale).code).toBe('CONFLICT');
      const unguarded = await send(`${url}/assign`, {
        method: 'POST',
        session: sessions.agent,
        body: {},
      });
      // `input.assignee != null` reads the input alone: refused at the input, which is required.
      expect(unguarded.statusCode).toBe(422);
      expect(json(unguarded)).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'assignee', code: 'REQUIRED', message: 'Assignee is required.' }],
      });
      // An input of the wrong type, or one the action does not read, is refused before the guard.
      const junk = await send(`${url}/assign`, {
        method: 'POST',
        session: sessions.agent,
        body: { assignee: [] },
      });
      expect(junk.statusCode).toBe(422);
      expect(json(junk).errors).toEqual([expect.objectContaining({ field: 'assignee' })]);
      const extra = await send(`${url}/take`, {
        method: 'POST',
        session: sessions.agent,
        body: { assignee: ids.agent },
      });
      expect(extra.statusCode).toBe(400);
      expect(json(extra).detail).toBe('The action take does not take assignee; it takes none.');
      expect(json(await send(url, { session: sessions.agent })).status).toBe('open');
    });

    it('lets the agent take it: the state moves, the version and ETag go up, the history tells', async () => {
      const url = `/api/tickets/${String(ticket.id)}`;
      const taken = await send(`${url}/take`, {
        method: 'POST',
        session: sessions.agent,
        headers: { 'if-match': '"1"' },
      });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.headers.etag).toBe('"2"');
      const after = json(taken);
      expect(after).toMatchObject({ status: 'assigned', assignee: ids.agent, version: 2 });
      expect(after.actions).toEqual(['resolve', 'update']);
      const forCustomer = json(await send(url, { session: sessions.customer }));
      expect(forCustomer.actions).toEqual(['cancel']);
      // The customer may not read the agent's account: the history does not name them.
      const history = json(await send(`${url}/history`, { session: sessions.customer }));
      expect(history.items).toEqual([
        expect.objectContaining({
          action: 'take',
          fromState: 'open',
          toState: 'assigned',
          byUser: null,
        }),
      ]);
      const forAgent = json(await send(`${url}/history`, { session: sessions.agent }));
      expect(forAgent.items).toEqual([expect.objectContaining({ byUser: ids.agent })]);
      const again = await send(`${url}/take`, { method: 'POST', session: sessions.agent });
      expect(again.statusCode).toBe(409);
      expect(json(again).code).toBe('TRANSITION_NOT_ALLOWED');
    });

    it('ends the session at sign-out: the old cookie is answered 401', async () => {
      const out = await send('/api/sign-out', { method: 'POST', session: sessions.other });
      expect(out.statusCode).toBeLessThan(300);
      const after = await send('/api/tickets', { session: sessions.other });
      expect(after.statusCode).toBe(401);
      expect(json(after).code).toBe('UNAUTHENTICATED');
    });
  });
}
