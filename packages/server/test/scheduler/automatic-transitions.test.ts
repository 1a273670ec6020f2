import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppError } from '../../src/index.js';
import {
  createServer,
  migrate,
  prepareApp,
  prepareOperations,
  type Actor,
  type Store,
} from '../../src/index.js';
import { prepareLifecycles } from '../../src/lifecycle/index.js';
import { readHistory } from '../../src/store/history.js';
import { getRecord } from '../../src/store/records.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { automaticModel as model, handClock } from './support.js';
import { transitionsOnly } from '../lifecycle/support/transitions-only.js';

const policy = allowAllPolicy(model);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'automatic transitions', (databases) => {
    let store: Store;
    let app: FastifyInstance;
    let admin: Actor;
    const clock = handClock(new Date('2026-03-02T09:00:00Z'));
    const prepared = () => prepareApp(model, store);
    const table = () => prepared().tables.get('Ticket')!;

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      app = await createServer({ model, store, scheduler: { clock: clock.now, intervalMs: 0 } });
      const body = { email: 'admin@example.com', name: 'Ada', roles: ['admin'] };
      const ctx = { actor: null, now: clock.now(), policy };
      const made = await prepareOperations(prepared()).User!.createRecord(ctx, body);
      admin = {
        id: made.id as string,
        email: body.email,
        name: body.name,
        roles: body.roles,
        fields: {},
      };
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    const newTicket = async (slaHours: number) => {
      const ops = prepareOperations(prepared()).Ticket!;
      const ctx = { actor: null, now: clock.now(), policy };
      return (await ops.createRecord(ctx, { title: 'Printer', slaHours })).id as string;
    };
    const stateOf = async (id: string) => (await getRecord(store.db, table(), id))?.status;

    it('escalates a ticket past its SLA once, as the system, and leaves one not yet due', async () => {
      const late = await newTicket(4);
      const early = await newTicket(10);
      clock.advanceHours(3);
      expect((await app.scheduler!.tick()).taken).toEqual([]);
      clock.advanceHours(2);
      expect((await app.scheduler!.tick()).taken).toEqual([`Ticket escalate ${late}`]);
      expect(await stateOf(late)).toBe('escalated');
      expect(await stateOf(early)).toBe('open');
      // Due still, by its When, but no longer in a From state: never taken twice.
      expect((await app.scheduler!.tick()).taken).toEqual([]);
      const history = await readHistory(store.db, table(), late);
      expect(history).toEqual([
        expect.objectContaining({
          action: 'escalate',
          fromState: 'open',
          toState: 'escalated',
          byUser: null,
          at: clock.now().toISOString(),
        }),
      ]);
      clock.advanceHours(6);
      expect((await app.scheduler!.tick()).taken).toEqual([`Ticket escalate ${early}`]);
    });

    it('closes a resolved ticket seven days on, its Sets reading now', async () => {
      const id = await newTicket(100);
      const lifecycle = prepareLifecycles(prepared()).Ticket!;
      await lifecycle.transition({ actor: admin, now: clock.now(), policy }, id, 'resolve', {});
      clock.advanceHours(7 * 24 - 1);
      expect((await app.scheduler!.tick()).taken).toEqual([]);
      clock.advanceHours(1);
      expect((await app.scheduler!.tick()).taken).toEqual([`Ticket expire ${id}`]);
      const stored = await getRecord(store.db, table(), id);
      expect(stored).toMatchObject({ status: 'closed', closedAt: clock.now().toISOString() });
    });

    it('offers people no automatic action, and refuses it when asked', async () => {
      const id = await newTicket(1);
      clock.advanceHours(2);
      const lifecycle = prepareLifecycles(prepared()).Ticket!;
      const ctx = { actor: admin, now: clock.now(), policy };
      const record = (await getRecord(store.db, table(), id))!;
      expect(transitionsOnly(await lifecycle.availableActions(ctx, record))).toEqual(['resolve']);
      expect(lifecycle.actions).toEqual(['resolve']);
      const refused = await lifecycle.transition(ctx, id, 'escalate', {}).catch((e: unknown) => e);
      expect((refused as AppError).code).toBe('NOT_FOUND');
      expect(await stateOf(id)).toBe('open');
    });
  });
}
