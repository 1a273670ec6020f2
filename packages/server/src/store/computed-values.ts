import { fromDriver } from './column-codec.js';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import type { ComputedValues } from './list-records.js';
import type { WireRecord } from './record-codec.js';

/**
 * The values the database computes for one record, read alone: for a record just written,
 * whose answer shows them as they are once the write is done. Empty when there are none or the
 * record is gone.
 */
export async function readComputedValues(
  db: Db,
  table: EntityTable,
  id: string,
  computed: ComputedValues,
): Promise<WireRecord> {
  const names = Object.keys(computed);
  if (names.length === 0) return {};
  const row = await db
    .selectFrom(table.table)
    .select(names.map((name) => computed[name]!.as(name)))
    .where('id', '=', id)
    .executeTakeFirst();
  const values: WireRecord = {};
  if (!row) return values;
  const raw = row as Record<string, unknown>;
  for (const name of names) {
    const column = table.columnByName.get(name);
    if (column) values[name] = fromDriver(column, raw[name]);
  }
  return values;
}
