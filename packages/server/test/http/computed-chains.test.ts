import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { tableOf } from '../../src/store/derive-columns.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * Computed values that read other computed values, each read as the database works it out when
 * the record is read: never a stored copy that a chain, a later change of the specification or
 * the clock would leave stale.
 */
const SPEC = specText('Chains', {
  1: `
Amounts worked out from amounts.

- Currency: EUR
`,
  3: `
### Line

| Field   | Type    | Required | Default | Rules |
| ------- | ------- | -------- | ------- | ----- |
| x       | money   | yes      |         |       |
| due     | date    | yes      |         |       |
| c1      | money   | no       |         | computed \`record.x + record.x\` |
| c2      | money   | no       |         | computed \`record.c1 + record.x\` |
| c3      | money   | no       |         | computed \`record.c2 + record.x\` |
| overdue | boolean | no       |         | computed \`record.due < today()\` |
`,
});

type Body = Record<string, unknown>;

describe('a specification whose computed values read each other', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'computed values read as worked out, never stored', (databases) => {
    const model = parsed(SPEC);
    const h = useHttpHarness(databases, model, {});
    let ana: Actor;
    let id: string;
    const list = async (query: string) => {
      const url = `${h.call('list', 'Line')!.path}?${query}`;
      const response = await h.send({ url, actor: ana });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Body[] }>().items.map((l) => l.id);
    };

    it('answers a create with every link of the chain', async () => {
      ana = await h.actor();
      const created = await h.send({
        method: 'POST',
        url: h.call('create', 'Line')!.path,
        body: { x: '1.00', due: '2000-01-01' },
        actor: ana,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Body>()).toMatchObject({ c1: '2.00', c2: '3.00', c3: '4.00' });
      id = created.json<Body>().id as string;
    });

    it('reads, filters and compares by the values, whatever the stored columns hold', async () => {
      // What an earlier version of the specification, or yesterday, might have left there.
      const table = sql.table(tableOf(model, 'Line'));
      const no = h.store().dialect === 'postgres' ? sql`FALSE` : sql`0`;
      await sql`UPDATE ${table} SET c1 = 999, c2 = 999, c3 = 999, overdue = ${no}`.execute(
        h.store().db,
      );
      const got = await h.send({ url: h.path(h.call('get', 'Line')!, id), actor: ana });
      expect(got.json<Body>()).toMatchObject({ c1: '2.00', c2: '3.00', c3: '4.00', overdue: true });
      expect(await list('c3=4.00')).toEqual([id]);
      expect(await list(`filter=${encodeURIComponent('record.c3 > 3 && record.overdue')}`)).toEqual(
        [id],
      );
      expect(await list('c1=9.99')).toEqual([]);
    });
  });
}
