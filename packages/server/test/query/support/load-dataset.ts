import type { AppModel } from '@specrun/model';
import { encodeColumn } from '../../../src/store/column-codec.js';
import { deriveTables } from '../../../src/store/derive-tables.js';
import type { Dataset } from './generate-rows.js';
import type { TestDatabase } from './test-databases.js';

/** Replaces every table's rows with the dataset's, encoded as the store encodes them. */
export async function loadDataset(
  target: TestDatabase,
  model: AppModel,
  data: Dataset,
): Promise<void> {
  const tables = deriveTables(model).tables.filter((t) => t.role.kind !== 'history');
  for (const table of tables) await target.db.deleteFrom(table.name).execute();
  for (const table of tables) {
    const rows = data.rows[table.name] ?? [];
    if (rows.length === 0) continue;
    const encoded = rows.map((row) =>
      Object.fromEntries(
        table.columns.map((c) => [
          c.name,
          // A file's description is stored as generated: files are written with their bytes.
          c.type === 'file'
            ? (row[c.name] ?? null)
            : encodeColumn(c, row[c.name] ?? null, target.dialect),
        ]),
      ),
    );
    await target.db.insertInto(table.name).values(encoded).execute();
  }
}
