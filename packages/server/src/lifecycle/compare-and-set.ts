import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import { compiledFor, type EntityTable } from '../store/entity-tables.js';
import { resolveFileLists, writeFileLists } from '../store/file-list-rows.js';
import { writeFiles } from '../store/file-rows.js';
import { attachLists, writeListItems } from '../store/list-items.js';
import { decodeRow, encodeValues, type WireRecord } from '../store/record-codec.js';
import { runWrite } from '../store/fast-reads.js';

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
  await resolveFileLists(db, table, expected.id, encoded);
  const columns = Object.keys(encoded.columns);
  // Compiled once per set of columns written; its parameters are the values of `columns`, then
  // updatedAt, then the id, version and state it must still have.
  const statement = compiledFor(table, `cas:${expected.field}:${columns.join(',')}`, () =>
    db
      .updateTable(table.table)
      .set({
        ...Object.fromEntries(columns.map((c) => [c, null])),
        updatedAt: '',
        version: sql`${sql.ref('version')} + 1`,
      })
      .where('id', '=', '')
      .where('version', '=', 0)
      .where(expected.field, '=', '')
      .returning(table.columns.map((c) => c.name))
      .compile(),
  );
  const parameters = [
    ...columns.map((c) => encoded.columns[c]),
    now.toISOString(),
    expected.id,
    expected.version,
    expected.state,
  ];
  const rows = await runWrite(db, statement, parameters);
  const row = rows[0];
  if (!row) return undefined;
  const record = decodeRow(table, row);
  for (const list of table.lists) {
    const items = encoded.lists.get(list.field);
    if (items) await writeListItems(db, list, expected.id, items);
  }
  if (encoded.files.size > 0) await writeFiles(db, table, expected.id, encoded.files);
  if (encoded.fileLists.size > 0) await writeFileLists(db, table, expected.id, encoded);
  await attachLists(db, table, [record]);
  return record;
}
