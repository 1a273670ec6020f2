import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import { attachLists } from '../store/list-items.js';
import { selection, type ComputedValues } from '../store/list-records.js';
import { decodeRow, type WireRecord } from '../store/record-codec.js';

// Well under every dialect's limit on the parameters of one statement.
const CHUNK = 500;

/**
 * Reads the stored records of some ids, with their lists, in a few queries: id → record. With
 * `computed`, the values the database works out are read in place of their columns.
 */
export async function readRecords(
  db: Db,
  table: EntityTable,
  ids: Iterable<string>,
  computed?: ComputedValues,
): Promise<Map<string, WireRecord>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, WireRecord>();
  const names = selection(table, computed);
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom(table.table)
      .select(names)
      .where('id', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    const records = rows.map((row) => decodeRow(table, row));
    await attachLists(db, table, records);
    for (const record of records) found.set(record.id as string, record);
  }
  return found;
}
