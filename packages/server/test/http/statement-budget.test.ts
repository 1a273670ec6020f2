import type { AppModel } from '@specrun/model';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addAccount,
  createServer,
  migrate,
  openStore,
  type Store,
  type StoreOptions,
} from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

// Every call a person makes many times a day, held to a budget of statements, with the real
// policy compiled from section 6 and real sessions: a page of records is decided for the whole
// page, a write reads the stored row once. Each budget counts the session lookup (1).
const PASSWORD = 'correct horse battery staple';
const PAGE = 25;

type Body = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof createServer>>;

interface Request {
  method?: 'GET' | 'POST' | 'PATCH';
  session: string;
  body?: Body;
  headers?: Record<string, string>;
}

/** A served example whose statements are counted, with its people signed in. */
function useCountedApp(databases: { fresh(): Promise<StoreOptions> }, model: AppModel) {
  const counted = { store: undefined as Store | undefined, app: undefined as Server | undefined };
  let statements: string[] | undefined;
  const sessions: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const send = (url: string, { method = 'GET', session, body, headers = {} }: Request) =>
    counted.app!.inject({
      method,
      url,
      headers: { ...headers, cookie: `specrun_session=${session}` },
      ...(body ? { payload: body } : {}),
    });
  return {
    sessions,
    ids,
    send,
    async open(people: Record<string, { roles: string[]; fields?: Body }>) {
      const options = await databases.fresh();
      const store = openStore({ ...options, onStatement: (sql) => statements?.push(sql) });
      counted.store = store;
      await migrate(store, model);
      counted.app = await createServer({ model, store, passwordCost: TEST_COST });
      for (const [who, { roles }] of Object.entries(people)) {
        const email = `${who}@budget.test`;
        const account = { email, name: who, roles, password: PASSWORD };
        ids[who] = (await addAccount(model, store, account, TEST_COST)).id;
        const signedIn = await send('/api/sign-in', {
          method: 'POST',
          session: '',
          body: { email, password: PASSWORD },
        });
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        sessions[who] = signedIn.cookies.find((c) => c.name === 'specrun_session')!.value;
      }
    },
    /** The statements the database runs while answering one request, and the answer. */
    async counting(url: string, request: Request) {
      statements = [];
      const response = await send(url, request);
      const ran = statements;
      statements = undefined;
      return { response, statements: ran };
    },
    store: () => counted.store!,
    async close() {
      await counted.app?.close();
      await counted.store?.close();
    },
  };
}

const ok = (response: LightMyRequestResponse, status = 200) =>
  expect(response.statusCode, response.body).toBe(status);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'statements per call, helpdesk', (databases) => {
    const app = useCountedApp(databases, EXAMPLE_MODELS.helpdesk!);
    let ticket: Body;
    beforeAll(async () => {
      await app.open({ cara: { roles: ['customer'] }, agnes: { roles: ['agent'] } });
      for (let i = 0; i < PAGE + 3; i++) {
        const made = await app.send('/api/tickets', {
          method: 'POST',
          session: app.sessions.cara!,
          body: { title: `Ticket ${i}`, body: 'Something broke.', priority: 'low' },
        });
        ok(made, 201);
        ticket = made.json();
        // Closed at once, so the customer stays under the limit of open tickets.
        ok(
          await app.send(`/api/tickets/${ticket.id as string}/cancel`, {
            method: 'POST',
            session: app.sessions.cara!,
          }),
        );
      }
    }, 120_000);
    afterAll(() => app.close());

    it('lists a page of a customer’s tickets, with their actions, in 2 statements', async () => {
      const { response, statements } = await app.counting('/api/tickets', {
        session: app.sessions.cara!,
      });
      ok(response);
      expect(response.json<{ items: Body[] }>().items).toHaveLength(PAGE);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
    });

    it('lists a page for an agent in 2 statements', async () => {
      const { response, statements } = await app.counting('/api/tickets', {
        session: app.sessions.agnes!,
      });
      ok(response);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
    });

    it('reads one ticket in 2 statements', async () => {
      const { response, statements } = await app.counting(`/api/tickets/${ticket.id as string}`, {
        session: app.sessions.cara!,
      });
      ok(response);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
    });

    // Session, BEGIN, the rules (one counts), INSERT, COMMIT; PostgreSQL also takes the
    // customer's turn to count (see rules/turn-keys.ts), in the message that BEGINs. The one
    // reference, `customer`, is the caller by default: no statement asks whether it exists (a
    // product sent would be asked).
    it('creates a ticket in 5 statements', async () => {
      const { response, statements } = await app.counting('/api/tickets', {
        method: 'POST',
        session: app.sessions.cara!,
        body: { title: 'One more', body: 'Still broken.', priority: 'low' },
      });
      ok(response, 201);
      ticket = response.json();
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
    });

    // Session, BEGIN, the stored row (once), UPDATE, history, COMMIT: the rule reads only the
    // record; the entry with the fields changed is written in the update's transaction.
    it('updates a ticket in 6 statements', async () => {
      const { response, statements } = await app.counting(`/api/tickets/${ticket.id as string}`, {
        method: 'PATCH',
        session: app.sessions.cara!,
        headers: { 'if-match': `"${String(ticket.version)}"` },
        body: { title: 'One more, again' },
      });
      ok(response);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(6);
    });

    // Session, BEGIN, the stored row, the assignee exists, UPDATE, history, COMMIT.
    it('takes a transition in 7 statements', async () => {
      const { response, statements } = await app.counting(
        `/api/tickets/${ticket.id as string}/take`,
        { method: 'POST', session: app.sessions.agnes! },
      );
      ok(response);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(7);
    });

    // Session, the stored row, the page, and the people on it the customer may read (one SELECT,
    // however many entries): what the reader may see is decided for the page, not per entry.
    it('reads a page of a ticket’s history, as its customer may see it, in 4 statements', async () => {
      const url = `/api/tickets/${ticket.id as string}`;
      ok(await app.send(`${url}/resolve`, { method: 'POST', session: app.sessions.agnes! }));
      ok(await app.send(`${url}/reopen`, { method: 'POST', session: app.sessions.cara! }));
      ok(await app.send(`${url}/take`, { method: 'POST', session: app.sessions.agnes! }));
      const { response, statements } = await app.counting(`${url}/history`, {
        session: app.sessions.cara!,
      });
      ok(response);
      const people = response.json<{ items: Body[] }>().items.map((e) => e.byUser);
      expect(people).toEqual([app.ids.cara, null, null, app.ids.cara, null]);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
    });
  });

  describeDialect(dialect, 'statements per call, expenses', (databases) => {
    const app = useCountedApp(databases, EXAMPLE_MODELS.expenses!);
    let claim: Body;
    beforeAll(async () => {
      await app.open({ erin: { roles: ['employee'] }, mona: { roles: ['manager'] } });
      // Erin reports to Mona: Mona's conditions follow each claim's claimant to its manager.
      await app.store().db.updateTable('users').set({ manager: app.ids.mona }).execute();
      for (let i = 0; i < PAGE + 3; i++) {
        const made = await app.send('/api/claims', {
          method: 'POST',
          session: app.sessions.erin!,
          body: { title: `Taxi ${i}`, amount: '12.50', spentOn: '2026-11-01', category: 'travel' },
        });
        ok(made, 201);
        const id = made.json<Body>().id as string;
        ok(
          await app.send(`/api/claims/${id}/submit`, {
            method: 'POST',
            session: app.sessions.erin!,
          }),
        );
      }
    }, 120_000);
    afterAll(() => app.close());

    // Section 6 and the guards follow each claim's claimant: decided for the page in one SELECT.
    it('lists a page of the team’s claims for their manager, with actions, in 3 statements', async () => {
      const { response, statements } = await app.counting('/api/claims', {
        session: app.sessions.mona!,
      });
      ok(response);
      const items = response.json<{ items: Body[] }>().items;
      expect(items).toHaveLength(PAGE);
      expect(items[0]!.actions).toEqual(['approve', 'reject']);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
      claim = items[0]!;
    });

    it('reads one claim for the manager, with its actions, in 3 statements', async () => {
      const { response, statements } = await app.counting(`/api/claims/${claim.id as string}`, {
        session: app.sessions.mona!,
      });
      ok(response);
      expect(response.json<Body>().actions).toEqual(['approve', 'reject']);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    });

    // Session, BEGIN, the stored row, readable and the guard (one SELECT), the approver exists,
    // UPDATE, history, COMMIT, and the new state's actions and fields for the answer.
    it('approves a claim in 9 statements', async () => {
      const { response, statements } = await app.counting(
        `/api/claims/${claim.id as string}/approve`,
        { method: 'POST', session: app.sessions.mona! },
      );
      ok(response);
      expect(response.json<Body>().status).toBe('approved');
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(9);
    });
  });
}
