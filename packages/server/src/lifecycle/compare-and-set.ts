import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import { attachLists, writeListItems } from '../store/list-items.js';
import { decodeRow, encodeValues, type WireRecord } from '../store/record-codec.js';

/** What the record must still be for the transition to apply. */
export interface ExpectedRecord {
  id: string;
  version: number;
  /** The state field and the state the transition leaves. */
  field: string;
  state: string;
}

/**
 * Writes a transition as one compare-and-set: the row changes only if it still has the version
 * and the state the transition was decided on; its version goes up by one and updatedAt is now.
 * Of two concurrent transitions on one record, the second finds nothing to change (PostgreSQL
 * re-reads the row once the first commits) and answers undefined, which is a CONFLICT.
 */
export async function compareAndSet(
  db: Db,
  table: EntityTable,
  expected: ExpectedRecord,
  changes: WireRecord,
  now: Date,
): Promise<WireRecord | undefined> {
  const encoded = encodeValues(table, changes, 'update');
  const row = await db
    .updateTable(table.table)
    .set({
      ...encoded.columns,
      updatedAt: now.toISOString(),
      version: sql`${sql.ref('version')} + 1`,
    })
    .where('id', '=', expected.id)
    .where('version', '=', expected.version)
    .where(expected.field, '=', expected.state)
    .returning(table.columns.map((c) => c.name))
    .executeTakeFirst();
  if (!row) return undefined;
  const record = decodeRow(table, row);
  for (const list of table.lists) {
    const items = encoded.lists.get(list.field);
    if (items) await writeListItems(db, list, expected.id, items);
  }
  await attachLists(db, table, [record]);
  return record;
}
