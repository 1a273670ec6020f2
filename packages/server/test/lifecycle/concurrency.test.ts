import { prepareApp } from '../../src/index.js';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AppError,
  migrate,
  openStore,
  prepareOperations,
  type Actor,
  type EntityOperations,
  type Policy,
  type Store,
  type WireRecord,
} from '../../src/index.js';
import { prepareLifecycles, type EntityLifecycle } from '../../src/lifecycle/index.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from './support/lifecycle-harness.js';
import { reach } from './support/reach.js';
import { makeWorld } from './support/scenario.js';
import { libraryScenario } from './support/scenarios-library.js';

const model = EXAMPLE_MODELS.helpdesk!;
const policy = allowAllPolicy(model);
const REQUESTS = 50;

/** How each of the concurrent requests ended: the record, or the refusal's code. */
async function outcomes(work: Promise<WireRecord>[]): Promise<(WireRecord | string)[]> {
  const settled = await Promise.allSettled(work);
  return settled.map((s) => {
    if (s.status === 'fulfilled') return s.value;
    expect(s.reason).toBeInstanceOf(AppError);
    return (s.reason as AppError).code;
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'concurrent transitions', (databases) => {
    let store: Store;
    let url: string | undefined;
    let ops: Readonly<Record<string, EntityOperations>>;
    let tickets: EntityLifecycle;
    let customer: Actor;
    let agents: Actor[];

    beforeAll(async () => {
      const options = await databases.fresh();
      url = 'databaseUrl' in options ? options.databaseUrl : undefined;
      // One connection per request on PostgreSQL, so that they really run at the same time.
      store = openStore(url ? { databaseUrl: url, maxConnections: REQUESTS } : options);
      await migrate(store, model);
      ops = prepareOperations(prepareApp(model, store));
      tickets = prepareLifecycles(prepareApp(model, store)).Ticket!;
      const user = async (roles: string[], n: number): Promise<Actor> => {
        const email = `${roles[0]}${n}@example.com`;
        const body = { email, name: `${roles[0]} ${n}`, roles };
        const made = await ops.User!.createRecord({ actor: null, now: new Date(), policy }, body);
        return { id: made.id as string, email, name: body.name, roles, fields: {} };
      };
      customer = await user(['customer'], 0);
      agents = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => user(['agent'], i)));
    }, 120_000);
    afterAll(() => store?.close());

    const newTicket = async () => {
      const ctx = { actor: customer, now: new Date(), policy };
      const body = { title: 'Printer on fire', body: 'It is actually on fire.' };
      return (await ops.Ticket!.createRecord(ctx, body)).id as string;
    };
    const takeAll = (id: string, version?: number) =>
      agents.map((agent) =>
        tickets.transition({ actor: agent, now: new Date(), policy }, id, 'take', {}, version),
      );
    const historyOf = async (id: string) =>
      (await tickets.history({ actor: customer, now: new Date(), policy }, id)).items;

    it(`lets exactly one of ${REQUESTS} concurrent takes of one ticket win`, async () => {
      for (const version of [1, undefined]) {
        const id = await newTicket();
        const results = await outcomes(takeAll(id, version));
        const won = results.filter((r): r is WireRecord => typeof r !== 'string');
        expect(won).toHaveLength(1);
        const losers = results.filter((r) => typeof r === 'string');
        const expected =
          version === undefined ? ['CONFLICT', 'TRANSITION_NOT_ALLOWED'] : ['CONFLICT'];
        for (const code of losers) expect(expected).toContain(code);
        const stored = await ops.Ticket!.getRecord(
          { actor: customer, now: new Date(), policy },
          id,
        );
        expect(stored).toMatchObject({
          status: 'assigned',
          version: 2,
          assignee: won[0]!.assignee,
        });
        const history = await historyOf(id);
        expect(history).toHaveLength(1);
        expect(history[0]).toMatchObject({ action: 'take', byUser: won[0]!.assignee });
      }
    }, 120_000);

    if (dialect === 'postgres') {
      it(`answers CONFLICT to the ${REQUESTS - 1} takes that read the ticket before the winner wrote`, async () => {
        const id = await newTicket();
        // A lock on the row holds every take at its compare-and-set, after it has read and
        // checked the ticket: all of them decide on version 1, then race to write.
        const locker = new pg.Client({ connectionString: url });
        await locker.connect();
        try {
          await locker.query('BEGIN');
          await locker.query('SELECT id FROM tickets WHERE id = $1 FOR UPDATE', [id]);
          const pending = outcomes(takeAll(id));
          const deadline = Date.now() + 60_000;
          for (;;) {
            const { rows } = await locker.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE wait_event_type = 'Lock' AND datname = current_database()`,
            );
            if (rows[0].n === REQUESTS) break;
            if (Date.now() > deadline) throw new Error(`only ${rows[0].n} requests are waiting`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await locker.query('COMMIT');
          const results = await pending;
          expect(results.filter((r) => typeof r !== 'string')).toHaveLength(1);
          expect(results.filter((r) => r === 'CONFLICT')).toHaveLength(REQUESTS - 1);
          expect(await historyOf(id)).toHaveLength(1);
        } finally {
          await locker.end();
        }
      }, 120_000);
    }
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'concurrent transitions counting other records', (databases) => {
    const h = useLifecycleHarness(databases, libraryScenario.model, libraryScenario.overrides);

    it('lends the one copy of a book to only one of two loans prepared at once', async () => {
      const world = await makeWorld(h, libraryScenario);
      const first = await reach(h, libraryScenario, world, 'Loan', 'requested');
      const second = await h.make('Loan', world.actors.member2!, { book: first.book });
      // Both transitions wait for each other after reading their loan, before counting the
      // book's other loans: each decides before the other writes. (SQLite lets one transaction
      // write at a time, so there the first goes on alone after a while.)
      let arrived = 0;
      let release = () => {};
      const together = new Promise<void>((resolve) => (release = resolve));
      setTimeout(release, 1_000);
      const policy: Policy = {
        ...allowAllPolicy(h.model),
        canTakeAction: async () => {
          if (++arrived === 2) release();
          await together;
          return true;
        },
      };
      const librarian = h.lctx(world.actors.librarian!, new Date(), policy);
      const loans = h.lifecycle('Loan');
      const results = await Promise.allSettled(
        [first.id, second.id].map((id) => loans.transition(librarian, id as string, 'prepare', {})),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected')!.reason as AppError;
      expect(['CONFLICT', 'BOOK_UNAVAILABLE']).toContain(refused.code);
      const states = await Promise.all(
        [first.id, second.id].map(async (id) => (await h.stored('Loan', id as string)).status),
      );
      expect(states.sort()).toEqual(['ready', 'requested']);
    });
  });
}
