import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createServer,
  migrate,
  prepareApp,
  prepareOperations,
  type Store,
} from '../../src/index.js';
import { readHistory } from '../../src/store/history.js';
import { getRecord } from '../../src/store/records.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { handClock } from './support.js';

/**
 * A ticket past its SLA escalates by itself; the escalation tells its queue and leaves a notice.
 * A notice's text is short: a ticket with a long title cannot be escalated, notice and all.
 */
const model = parsed(
  specText('Escalations', {
    3: `
### Queue

| Field         | Type | Required | Default | Rules |
| ------------- | ---- | -------- | ------- | ----- |
| name          | text | yes      |         |       |
| lastEscalated | text | no       |         |       |

### Ticket

| Field  | Type     | Required | Default | Rules |
| ------ | -------- | -------- | ------- | ----- |
| title  | text     | yes      |         |       |
| queue  | -> Queue | yes      |         |       |
| status | state    |          |         |       |

### Notice

| Field  | Type      | Required | Default | Rules            |
| ------ | --------- | -------- | ------- | ---------------- |
| ticket | -> Ticket | yes      |         |                  |
| text   | text      | yes      |         | at most 30 chars |
`,
    4: `
### Ticket

- States: open, escalated
- Initial: open
- After escalate: create Notice with ticket = \`record.id\`, text = \`"Escalated: " + record.title\`
- After escalate: update queue with lastEscalated = \`record.title\`

| From | Action   | To        | Who    | When                                   | Sets |
| ---- | -------- | --------- | ------ | -------------------------------------- | ---- |
| open | escalate | escalated | system | \`now > record.createdAt + hours(4)\` |      |
`,
  }),
  'the escalations',
);
const policy = allowAllPolicy(model);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the effects of an automatic transition', (databases) => {
    let store: Store;
    let app: FastifyInstance;
    const clock = handClock(new Date('2026-03-02T09:00:00Z'));
    const prepared = () => prepareApp(model, store);
    const table = (entity: string) => prepared().tables.get(entity)!;
    const make = async (entity: string, body: Record<string, unknown>) => {
      const ops = prepareOperations(prepared())[entity]!;
      return (await ops.createRecord({ actor: null, now: clock.now(), policy }, body)).id as string;
    };
    const noticesOf = (ticket: string) =>
      store.db.selectFrom('notices').selectAll().where('ticket', '=', ticket).execute();

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      app = await createServer({ model, store, scheduler: { clock: clock.now, intervalMs: 0 } });
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    it('applies them once, recorded in the other records’ history as caused by the system', async () => {
      const queue = await make('Queue', { name: 'Printers' });
      const ticket = await make('Ticket', { title: 'Jammed', queue });
      clock.advanceHours(5);
      expect((await app.scheduler!.tick()).taken).toEqual([`Ticket escalate ${ticket}`]);
      expect((await app.scheduler!.tick()).taken).toEqual([]);
      const notices = await noticesOf(ticket);
      expect(notices).toEqual([expect.objectContaining({ text: 'Escalated: Jammed' })]);
      const marked = await getRecord(store.db, table('Queue'), queue);
      expect(marked).toMatchObject({ lastEscalated: 'Jammed', version: 2 });
      const at = clock.now().toISOString();
      const cause = { cause: 'Ticket.escalate' };
      expect(await readHistory(store.db, table('Queue'), queue)).toEqual([
        expect.objectContaining({ action: 'update', input: cause, byUser: null, at }),
      ]);
      const noticeId = notices[0]!.id as string;
      expect(await readHistory(store.db, table('Notice'), noticeId)).toEqual([
        expect.objectContaining({ action: 'create', input: cause, byUser: null, at }),
      ]);
      expect(await readHistory(store.db, table('Ticket'), ticket)).toEqual([
        expect.objectContaining({ action: 'escalate', toState: 'escalated', byUser: null, at }),
      ]);
    });

    it('moves nothing when an effect fails: the move and its effects are one transaction', async () => {
      const queue = await make('Queue', { name: 'Screens' });
      const ticket = await make('Ticket', { title: 'Flickers at every refresh', queue });
      clock.advanceHours(5);
      expect((await app.scheduler!.tick()).failed).toEqual([`Ticket escalate ${ticket}`]);
      expect(await getRecord(store.db, table('Ticket'), ticket)).toMatchObject({ status: 'open' });
      expect(await noticesOf(ticket)).toEqual([]);
      expect(await getRecord(store.db, table('Queue'), queue)).toMatchObject({
        lastEscalated: null,
        version: 1,
      });
      expect(await readHistory(store.db, table('Queue'), queue)).toEqual([]);
      expect(await readHistory(store.db, table('Ticket'), ticket)).toEqual([]);
    });
  });
}
