import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, type Store } from '../../src/index.js';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { compileToSql } from './support/expr.js';

// A customer's list of tickets is read through the index that starts with `customer` (the one
// derived for that list: customer, createdAt DESC, id), as a hand-written query would be: the permission condition compiled from section 6 must stay a form the planner can
// match to the index (see compileToSql: a signed-in user's conditions carry no guard).
const model = EXAMPLE_MODELS.helpdesk!;
const user = { id: '01a00000-0000-7000-8000-000000000001', roles: ['customer'] };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'compiled conditions and indexes', (databases) => {
    let store: Store;
    beforeAll(async () => {
      store = await databases.open();
      const result = await migrate(store, model);
      expect(result.status).toBe('applied');
    });
    afterAll(() => store?.close());

    /** The plan of a page of tickets under the condition, as the database would run it. */
    async function plan(source: string, params: Record<string, unknown>): Promise<string> {
      const compiled = compileToSql(
        source,
        model,
        { entity: 'Ticket' },
        modelSqlMapping(model, dialect),
      );
      if (!compiled.ok) throw new Error(compiled.issues[0]?.message);
      const query = store.db
        .selectFrom('tickets as record')
        .select('record.id')
        .where(compiled.sql(params))
        .orderBy('record.createdAt', 'desc')
        .limit(21)
        .compile();
      if (dialect === 'sqlite') {
        const explained = sql.raw(`EXPLAIN QUERY PLAN ${query.sql}`);
        const rows = await store.db.executeQuery({
          ...query,
          sql: explained.compile(store.db).sql,
        });
        return rows.rows.map((r) => String((r as { detail: string }).detail)).join('\n');
      }
      // An empty table is cheapest to scan: forbid that, so the plan shows what can use an index.
      return store.db.connection().execute(async (db) => {
        await sql`SET enable_seqscan = off`.execute(db);
        const rows = await db.executeQuery({ ...query, sql: `EXPLAIN ${query.sql}` });
        await sql`RESET enable_seqscan`.execute(db);
        return rows.rows.map((r) => String(Object.values(r as object)[0])).join('\n');
      });
    }

    it('reads a signed-in customer’s tickets through the index on customer', async () => {
      const text = await plan('record.customer == user.id', { user });
      expect(text).toMatch(/ix_tickets__customer_createdAt_id/);
      expect(text).not.toMatch(/CASE/);
    });
  });
}
