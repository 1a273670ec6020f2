import { InvalidValuesError, type ValueIssue } from './column-codec.js';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import { decodeStoredFiles, planFileList, storedFilesText } from './file-list-values.js';
import type { EncodedValues } from './record-codec.js';

function filesTable(table: EntityTable, field: string): string {
  const found = table.files.find((f) => f.field === field && f.list);
  if (!found) throw new Error(`${table.entity}.${field} is not a list of files`);
  return found.table;
}

/**
 * Works out the lists of files a write sends against those the record `id` holds (read here, in
 * the write's transaction; none on insert): the column each list becomes, and the rows to keep
 * and add. Throws InvalidValuesError when a kept file is not one of the record's.
 */
export async function resolveFileLists(
  db: Db | undefined,
  table: EntityTable,
  id: string,
  encoded: EncodedValues,
): Promise<void> {
  if (encoded.fileLists.size === 0) return;
  const fields = [...encoded.fileLists.keys()];
  const row = db
    ? await db.selectFrom(table.table).select(fields).where('id', '=', id).executeTakeFirst()
    : undefined;
  const issues: ValueIssue[] = [];
  for (const [field, items] of encoded.fileLists) {
    const plan = planFileList(table.entity, id, field, items, decodeStoredFiles(row?.[field]));
    if (typeof plan === 'string') {
      issues.push({ field, code: 'INVALID_VALUE', message: plan });
      continue;
    }
    encoded.fileWrites.set(field, plan);
    encoded.columns[field] = storedFilesText(plan.stored);
  }
  if (issues.length > 0) throw new InvalidValuesError(issues);
}

/**
 * Writes the lists of files of a record written in the same transaction: the files left out go,
 * with their bytes; the new ones are added. A deleted record's files go by its foreign key.
 */
export async function writeFileLists(
  trx: Db,
  table: EntityTable,
  recordId: string,
  encoded: EncodedValues,
) {
  if (encoded.fileWrites.size < encoded.fileLists.size)
    throw new Error('a list of files was written without resolveFileLists');
  for (const [field, { keep, add }] of encoded.fileWrites) {
    const name = filesTable(table, field);
    let gone = trx.deleteFrom(name).where('recordId', '=', recordId);
    if (keep.length > 0) gone = gone.where('id', 'not in', keep);
    await gone.execute();
    if (add.length === 0) continue;
    const rows = add.map(({ id, name: fileName, type, size, content }) => ({
      recordId,
      id,
      name: fileName,
      type,
      size,
      content,
    }));
    // One file per statement: a statement's parameters stay the size of one file.
    for (const row of rows) await trx.insertInto(name).values(row).execute();
  }
}
