import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  deriveTables,
  formatMigrationPlan,
  insertRecord,
  migrate,
  migrateSchema,
  planMigration,
  resolveTables,
  type SchemaDescription,
  type Store,
} from '../../src/index.js';
import { objectName } from '../../src/store/naming.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

const model = EXAMPLE_MODELS.helpdesk!;

/**
 * The schema as versions before derived indexes made it: each entity table with its unique
 * fields' indexes and one index per reference, nothing else.
 */
function earlier(schema: SchemaDescription): SchemaDescription {
  const copy = structuredClone(schema);
  for (const table of copy.tables) {
    if (table.role.kind !== 'entity') continue;
    const unique = table.indexes.filter((i) => i.unique);
    const references = table.columns
      .filter((c) => c.references && !unique.some((i) => i.columns[0] === c.name))
      .map((c) => ({
        name: objectName(table.name, c.name, 'idx'),
        columns: [c.name],
        unique: false,
      }));
    table.indexes = [...unique, ...references];
  }
  return copy;
}

/** The names of the indexes the database holds on a table. */
async function indexNames(store: Store, table: string): Promise<string[]> {
  const { rows } =
    store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(
          store.db,
        )
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table} AND indexname NOT LIKE '%pkey'`.execute(
          store.db,
        );
  return rows.map((r) => r.name).sort();
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'derived indexes, migrated in', (databases) => {
    it('adds them to a database made before them, without touching its data, as the plan says', async () => {
      const store = await databases.open();
      try {
        const now = deriveTables(model);
        expect((await migrateSchema(store, model.name, earlier(now))).status).toBe('applied');
        const tables = resolveTables(store.db, store.dialect, now);
        const customer = await insertRecord(store.db, tables.get('User')!, {
          email: 'c@indexes.test',
          name: 'C',
          roles: ['customer'],
        });
        for (let i = 0; i < 5; i++)
          await insertRecord(store.db, tables.get('Ticket')!, {
            title: `Ticket ${i}`,
            body: 'It does not start.',
            customer: customer.id,
            status: 'open',
          });
        const rows = async () =>
          (await sql`SELECT * FROM tickets ORDER BY id`.execute(store.db)).rows;
        const before = await rows();

        const plan = await planMigration(store.db, store.dialect, model.name, now);
        expect(plan.steps.map((s) => s.kind).sort()).toEqual(
          expect.arrayContaining(['create-index', 'drop-index']),
        );
        expect(plan.steps.every((s) => ['create-index', 'drop-index'].includes(s.kind))).toBe(true);
        expect(plan.steps.some((s) => s.destructive)).toBe(false);
        const text = formatMigrationPlan(plan);
        expect(text).toContain(
          '+ create index ix_tickets__customer_createdAt_id on tickets (customer, createdAt desc, id)',
        );
        expect(text).toContain(
          '+ create index ix_tickets__createdAt_id on tickets (createdAt desc, id)',
        );
        // The composite index starts with customer: it serves the reference's lookups too.
        expect(text).toContain('~ drop index tickets_customer_idx');

        expect((await migrate(store, model)).status).toBe('applied');
        expect(await rows()).toEqual(before);
        const names = await indexNames(store, 'tickets');
        expect(names).toEqual(
          expect.arrayContaining(['ix_tickets__customer_createdAt_id', 'ix_tickets__createdAt_id']),
        );
        expect(names).not.toContain('tickets_customer_idx');
        expect((await migrate(store, model)).status).toBe('up-to-date');
      } finally {
        await store.close();
      }
    });
  });
}
