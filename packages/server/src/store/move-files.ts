import { sql } from 'kysely';
import { countRows } from './count-rows.js';
import type { Db } from './db-type.js';
import type { ColumnChange } from './diff-schemas.js';
import { storedFileText } from './file-values.js';
import { newId } from './ids.js';
import { readLegacyFile } from './legacy-file.js';
import type { MigrationStep } from './migration-plan.js';
import type { SchemaDescription } from './schema-types.js';
import { ident } from './sql-text.js';

// Rows moved per read: each value may be a whole file, so few at a time.
const BATCH = 25;

/**
 * The step that moves a `file` column's values, which used to be the files themselves (data
 * URLs in the row), into the field's own table, leaving the file's description in the column.
 * It runs in the migration's transaction like any other step; its work is done by moveFiles,
 * not by SQL, so that both databases read the old values exactly alike.
 */
export async function moveFilesStep(
  db: Db,
  schema: SchemaDescription,
  change: ColumnChange,
): Promise<MigrationStep> {
  const { table, to } = change;
  const entity = table.role.entity;
  const into = schema.tables.find(
    (t) => t.role.kind === 'file' && t.role.entity === entity && t.role.field === to.name,
  );
  if (!into) throw new Error(`${table.name}.${to.name} has no table for its files`);
  const rows = await countRows(db, table.name, sql`${ident(to.name)} IS NOT NULL`);
  const files = `${rows} file${rows === 1 ? '' : 's'}`;
  return {
    kind: 'move-files',
    table: table.name,
    column: to.name,
    into: into.name,
    destructive: false,
    description: `move ${files} of ${table.name}.${to.name} into table ${into.name}`,
    sql: [],
  };
}

/** Does a move-files step: each stored value becomes a file row and a description. */
export async function moveFiles(trx: Db, step: MigrationStep): Promise<void> {
  const { table, column, into } = step;
  if (!column || !into) throw new Error(`${step.description}: no column or table`);
  for (let after: string | undefined; ;) {
    let query = trx
      .selectFrom(table)
      .select(['id', column])
      .where(column, 'is not', null)
      .orderBy('id')
      .limit(BATCH);
    if (after !== undefined) query = query.where('id', '>', after);
    const rows = await query.execute();
    for (const row of rows) {
      const recordId = String(row.id);
      const file = readLegacyFile(String(row[column]), column);
      const size = file.content.length;
      await trx
        .insertInto(into)
        .values({
          recordId,
          id: newId(),
          name: file.name,
          type: file.type,
          size,
          content: file.content,
        })
        .execute();
      const text = storedFileText({ name: file.name, type: file.type, size });
      await trx
        .updateTable(table)
        .set({ [column]: text })
        .where('id', '=', recordId)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = String(rows.at(-1)!.id);
  }
}
