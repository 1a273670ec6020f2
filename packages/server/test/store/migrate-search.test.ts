import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import {
  deleteRecord,
  deriveTables,
  formatMigrationPlan,
  insertRecord,
  listRecords,
  migrate,
  migrateSchema,
  planMigration,
  resolveTables,
  updateRecord,
  type SchemaDescription,
  type Store,
  type TableSchema,
} from '../../src/index.js';
import { searchCondition } from '../../src/store/search-condition.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

const model = EXAMPLE_MODELS.helpdesk!;

/** The schema with the tickets table changed by `change`. */
function withTickets(change: (table: TableSchema) => void): SchemaDescription {
  const schema = structuredClone(deriveTables(model));
  change(schema.tables.find((t) => t.name === 'tickets')!);
  return schema;
}

/** The schema as versions before full-text search made it: no table searched. */
function beforeSearch(): SchemaDescription {
  const schema = structuredClone(deriveTables(model));
  for (const table of schema.tables) delete table.search;
  return schema;
}

/** What the database holds for the tickets' search: FTS5 table and triggers, or GIN indexes. */
async function searchObjects(store: Store): Promise<string[]> {
  const { rows } =
    store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE name LIKE '_specrun_search_tickets%' AND type IN ('table', 'trigger') AND name NOT LIKE '%\\_data' ESCAPE '\\' AND name NOT LIKE '%\\_idx' ESCAPE '\\' AND name NOT LIKE '%\\_config' ESCAPE '\\' AND name NOT LIKE '%\\_docsize' ESCAPE '\\'`.execute(
          store.db,
        )
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'tickets' AND indexname LIKE '%search'`.execute(
          store.db,
        );
  return rows.map((r) => r.name).sort();
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'full-text search, migrated in', (databases) => {
    let store: Store | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    /** The titles of the tickets whose searched columns hold the words, by title. */
    async function search(words: string[], columns = ['title', 'body', 'internalNote']) {
      const tables = resolveTables(store!.db, store!.dialect, deriveTables(model));
      const table = tables.get('Ticket')!;
      const page = await listRecords(store!.db, table, {
        where: searchCondition(table, columns, words),
        sort: [{ field: 'title' }],
      });
      return page.records.map((r) => r.title);
    }

    async function addTicket(title: string, body: string) {
      const tables = resolveTables(store!.db, store!.dialect, deriveTables(model));
      const users = tables.get('User')!;
      const customer =
        (await sql<{ id: string }>`SELECT id FROM users`.execute(store!.db)).rows[0]?.id ??
        (await insertRecord(store!.db, users, { email: 'c@search.test', name: 'C', roles: [] })).id;
      return insertRecord(store!.db, tables.get('Ticket')!, {
        title,
        body,
        customer,
        status: 'open',
      });
    }

    it('makes the search with the tables, and keeps it in step with every write', async () => {
      store = await databases.open();
      const planned = await migrate(store, model, { dryRun: true });
      const text = formatMigrationPlan(planned.plan, { sql: true });
      expect(text).toContain('+ create full-text search on tickets (title, body, internalNote)');
      expect(text).toContain('+ create full-text search on users (email, name)');
      expect((await migrate(store, model)).status).toBe('applied');
      expect(await searchObjects(store)).toEqual(
        dialect === 'sqlite'
          ? [
              '_specrun_search_tickets',
              '_specrun_search_tickets_delete',
              '_specrun_search_tickets_insert',
              '_specrun_search_tickets_update',
            ]
          : ['tickets_body_search', 'tickets_internalNote_search', 'tickets_title_search'],
      );
      // The FTS5 table's own tables are specrun's: the database has not drifted.
      expect((await migrate(store, model)).status).toBe('up-to-date');

      const printer = await addTicket('Printer jammed', 'Paper is stuck');
      await addTicket('Screen flickers', 'Since the update');
      expect(await search(['paper'])).toEqual(['Printer jammed']);
      expect(await search(['stu'])).toEqual(['Printer jammed']);

      const tickets = resolveTables(store.db, store.dialect, deriveTables(model)).get('Ticket')!;
      const changed = await updateRecord(store.db, tickets, printer.id as string, 1, {
        body: 'Toner is empty',
      });
      expect(changed).toBeDefined();
      expect(await search(['paper'])).toEqual([]);
      expect(await search(['toner'])).toEqual(['Printer jammed']);
      // A write that leaves the searched columns alone leaves the words alone.
      await updateRecord(store.db, tickets, printer.id as string, 2, { priority: 'high' });
      expect(await search(['toner'])).toEqual(['Printer jammed']);
      expect((await deleteRecord(store.db, tickets, printer.id as string)).ok).toBe(true);
      expect(await search(['toner'])).toEqual([]);
      expect(await search(['printer'])).toEqual([]);
      expect(await search(['update'])).toEqual(['Screen flickers']);
      // The columns asked for are the only ones searched.
      expect(await search(['update'], ['title'])).toEqual([]);
    });

    it('adds it to a database made before it, with the rows already there, as the plan says', async () => {
      store = await databases.open();
      expect((await migrateSchema(store, model.name, beforeSearch())).status).toBe('applied');
      await addTicket('Printer jammed', 'Paper is stuck');
      const plan = await planMigration(store.db, store.dialect, model.name, deriveTables(model));
      expect(new Set(plan.steps.map((s) => s.kind))).toEqual(new Set(['create-search']));
      expect((await migrate(store, model)).status).toBe('applied');
      expect(await search(['paper'])).toEqual(['Printer jammed']);
      await addTicket('Screen flickers', 'Paper-white screen');
      expect(await search(['paper'])).toEqual(['Printer jammed', 'Screen flickers']);
    });

    it('makes it anew when the searched columns change, or the table is rebuilt', async () => {
      store = await databases.open();
      const titleOnly = withTickets((t) => (t.search = ['title']));
      expect((await migrateSchema(store, model.name, titleOnly)).status).toBe('applied');
      await addTicket('Printer jammed', 'Paper is stuck');
      expect((await migrate(store, model)).status).toBe('applied');
      expect(await search(['paper'])).toEqual(['Printer jammed']);

      // A column dropped: SQLite rebuilds the table, whose rows get new rowids and no triggers.
      const withExtra = withTickets((t) =>
        t.columns.push({ name: 'legacy', type: 'text', nullable: true }),
      );
      expect((await migrateSchema(store, model.name, withExtra)).status).toBe('applied');
      await addTicket('Screen flickers', 'Since the update');
      const plan = await planMigration(store.db, store.dialect, model.name, deriveTables(model));
      if (dialect === 'sqlite')
        expect(plan.steps.map((s) => s.kind)).toEqual([
          'drop-search',
          'drop-column',
          'rebuild-table',
          'create-search',
        ]);
      expect((await migrate(store, model)).status).toBe('applied');
      expect(await search(['paper'])).toEqual(['Printer jammed']);
      expect(await search(['update'])).toEqual(['Screen flickers']);
      await addTicket('Keyboard sticky', 'Coffee');
      expect(await search(['coffee'])).toEqual(['Keyboard sticky']);
      expect((await migrate(store, model)).status).toBe('up-to-date');
    });

    it('answers a search from the index', async () => {
      store = await databases.open();
      expect((await migrate(store, model)).status).toBe('applied');
      const table = resolveTables(store.db, store.dialect, deriveTables(model)).get('Ticket')!;
      const query = store.db
        .selectFrom('tickets')
        .select('id')
        .where(searchCondition(table, ['title', 'body'], ['printer', 'ja']))
        .compile();
      if (dialect === 'sqlite') {
        const { rows } = await store.db.executeQuery<{ detail: string }>({
          ...query,
          sql: `EXPLAIN QUERY PLAN ${query.sql}`,
        });
        expect(rows.map((r) => r.detail).join('\n')).toMatch(
          /VIRTUAL TABLE INDEX .*_specrun_search_tickets|SCAN _specrun_search_tickets VIRTUAL TABLE/,
        );
        return;
      }
      const text = await store.db.connection().execute(async (db) => {
        // An empty table is cheapest to scan: forbid that, so the plan shows the indexes it can use.
        await sql`SET enable_seqscan = off`.execute(db);
        const { rows } = await db.executeQuery({ ...query, sql: `EXPLAIN ${query.sql}` });
        await sql`RESET enable_seqscan`.execute(db);
        return rows.map((r) => String(Object.values(r as object)[0])).join('\n');
      });
      expect(text).toMatch(/tickets_title_search/);
      expect(text).toMatch(/tickets_body_search/);
    });
  });
}
