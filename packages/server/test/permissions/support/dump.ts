import type { AppModel } from '@specrun/model';
import { deriveTables, type Store } from '../../../src/index.js';

const text = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * A snapshot of the database: every row of the tables of records, lists and roles, sorted, and
 * how many entries each history table has (history is only ever appended to, so an unchanged
 * count is an unchanged table, and the tests stay fast as it grows).
 */
export async function dumpTables(model: AppModel, store: Store): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of deriveTables(model).tables) {
    if (table.role.kind === 'history') {
      const row = await store.db
        .selectFrom(table.name)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      dump[table.name] = [String(row.n)];
      continue;
    }
    const rows = await store.db.selectFrom(table.name).selectAll().execute();
    dump[table.name] = rows.map(text).sort();
  }
  return dump;
}
