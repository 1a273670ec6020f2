import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createServer,
  migrate,
  openStore,
  prepareApp,
  prepareOperations,
  type Scheduler,
  type Store,
} from '../../src/index.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { describeDialect } from '../support/dialects.js';
import { automaticModel as model, handClock } from './support.js';

const policy = allowAllPolicy(model);
const DUE = 200;

/** Ticks until a tick finds nothing due; answers what it took. */
async function drain(scheduler: Scheduler): Promise<string[]> {
  const taken: string[] = [];
  for (;;) {
    const report = await scheduler.tick();
    expect(report.failed).toEqual([]);
    if (report.taken.length === 0) return taken;
    taken.push(...report.taken);
  }
}

// Several servers share PostgreSQL; a SQLite database belongs to the one server that opened it.
describeDialect('postgres', 'two servers on one database', (databases) => {
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];
  const clock = handClock(new Date('2026-03-02T09:00:00Z'));

  beforeAll(async () => {
    const options = await databases.fresh();
    stores.push(openStore(options), openStore(options));
    await migrate(stores[0]!, model);
    const scheduler = { clock: clock.now, intervalMs: 0, batchSize: 20 };
    for (const store of stores) apps.push(await createServer({ model, store, scheduler }));
    const ops = prepareOperations(prepareApp(model, stores[0]!)).Ticket!;
    const ctx = { actor: null, now: clock.now(), policy };
    for (let i = 0; i < DUE; i++)
      await ops.createRecord(ctx, { title: `Ticket ${i}`, slaHours: 1 });
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
  });

  it(`takes each of ${DUE} due transitions exactly once between them`, async () => {
    clock.advanceHours(2);
    const [first, second] = await Promise.all(apps.map((app) => drain(app.scheduler!)));
    const taken = [...first!, ...second!];
    // Both took part: the claims really raced.
    expect(first!.length).toBeGreaterThan(0);
    expect(second!.length).toBeGreaterThan(0);
    expect(taken).toHaveLength(DUE);
    expect(new Set(taken).size).toBe(DUE);
    const db = stores[0]!.db;
    const entries = await db
      .selectFrom('tickets_history')
      .select(['recordId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('action', '=', 'escalate')
      .groupBy('recordId')
      .execute();
    expect(entries).toHaveLength(DUE);
    expect(entries.every((e) => Number(e.n) === 1)).toBe(true);
    const open = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '!=', 'escalated')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
  }, 120_000);
});
