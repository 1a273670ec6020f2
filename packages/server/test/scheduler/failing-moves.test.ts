import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createServer,
  migrate,
  prepareApp,
  prepareOperations,
  type Store,
} from '../../src/index.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { handClock } from './support.js';

// A lapse whose Sets break a rule of section 3 on some records: those stay as they were.
const model = parsed(
  specText('Lapses', {
    3: `### Offer

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| title | text | yes | | |
| code | text | no | | 3..10 chars |
| status | state | | | |`,
    4: `### Offer

- States: open, lapsed
- Initial: open

| From | Action | To | Who | When | Sets |
|---|---|---|---|---|---|
| open | lapse | lapsed | system | \`now > record.createdAt + duration("1h")\` | code = \`record.title + "-lapsed"\` |`,
  }),
);
const policy = allowAllPolicy(model);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'automatic moves that fail', (databases) => {
    let store: Store;
    let app: FastifyInstance;
    const logged: string[] = [];
    const clock = handClock(new Date('2026-03-02T09:00:00Z'));

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      const stream = new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      });
      app = await createServer({
        model,
        store,
        logger: { level: 'error', stream },
        scheduler: { clock: clock.now, intervalMs: 0 },
      });
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    it('leaves a record whose Sets fail as it was, logs it, and moves the others', async () => {
      const ops = prepareOperations(prepareApp(model, store)).Offer!;
      const ctx = { actor: null, now: clock.now(), policy };
      const bad = (await ops.createRecord(ctx, { title: 'A much too long title' })).id as string;
      const good = (await ops.createRecord(ctx, { title: 'Ok' })).id as string;
      clock.advanceHours(2);
      const report = await app.scheduler!.tick();
      expect(report).toEqual({ taken: [`Offer lapse ${good}`], failed: [`Offer lapse ${bad}`] });
      expect(await ops.getRecord(ctx, bad)).toMatchObject({ status: 'open', version: 1 });
      expect(await ops.getRecord(ctx, good)).toMatchObject({ status: 'lapsed', code: 'Ok-lapsed' });
      const lines = logged.map((l) => JSON.parse(l) as { msg: string; record: string });
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'automatic Offer lapse failed', record: bad }),
      );
      // The next tick tries it again, and the server still answers.
      expect((await app.scheduler!.tick()).failed).toEqual([`Offer lapse ${bad}`]);
      expect((await app.inject({ url: '/api/_health' })).statusCode).toBe(200);
    });
  });
}
