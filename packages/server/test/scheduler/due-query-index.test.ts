import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, prepareApp, type Store } from '../../src/index.js';
import { automaticRows, type AutomaticRow } from '../../src/scheduler/automatic-rows.js';
import { dueQuery } from '../../src/scheduler/claim-due.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

// The scheduler finds the helpdesk's tickets due to escalate or to expire through the index
// derived for them (status, id), not by reading the whole table.
const model = EXAMPLE_MODELS.helpdesk!;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the search for due records', (databases) => {
    let store: Store;
    beforeAll(async () => {
      store = await databases.open();
      expect((await migrate(store, model)).status).toBe('applied');
    });
    afterAll(() => store?.close());

    it('reads the records of the From state through the index on the state', async () => {
      const rows = automaticRows(prepareApp(model, store));
      expect(rows.map((r) => r.row.action)).toEqual(['escalate', 'expire']);
      for (const row of rows)
        expect(await plan(row), row.row.action).toMatch(/ix_tickets__status_id/);
    });

    /** The database's plan for the search of the row's due records. */
    async function plan(row: AutomaticRow): Promise<string> {
      const query = dueQuery(store.db, dialect, row, new Date()).compile();
      return dialect === 'sqlite'
        ? (await store.db.executeQuery({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` })).rows
            .map((r) => String((r as { detail: string }).detail))
            .join('\n')
        : await store.db.connection().execute(async (db) => {
            // An empty table is cheapest to scan: forbid that, to see what can use an index.
            await sql`SET enable_seqscan = off`.execute(db);
            const rows = await db.executeQuery({ ...query, sql: `EXPLAIN ${query.sql}` });
            await sql`RESET enable_seqscan`.execute(db);
            return rows.rows.map((r) => String(Object.values(r as object)[0])).join('\n');
          });
    }
  });
}
