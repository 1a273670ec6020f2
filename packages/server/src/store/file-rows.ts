import { sql } from 'kysely';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import type { FileWrite } from './file-values.js';
import { runRows } from './fast-reads.js';

/** The stored file of one record's field, without its bytes. */
export interface FileRow {
  /** New whenever the bytes change: the ETag, and what every chunk read must still find. */
  id: string;
  name: string;
  type: string;
  size: number;
}

function fileTable(table: EntityTable, field: string): string {
  const found = table.files.find((f) => f.field === field);
  if (!found) throw new Error(`${table.entity}.${field} is not a file field or a list of files`);
  return found.table;
}

/**
 * Writes the files of a record written in the same transaction: each replaces the field's
 * previous file, whose bytes go at once; null only removes it. A deleted record's files go by
 * its foreign key (ON DELETE CASCADE).
 */
export async function writeFiles(
  trx: Db,
  table: EntityTable,
  recordId: string,
  files: ReadonlyMap<string, FileWrite | null>,
): Promise<void> {
  for (const [field, file] of files) {
    const name = fileTable(table, field);
    await trx.deleteFrom(name).where('recordId', '=', recordId).execute();
    if (!file) continue;
    const { id, type, size, content } = file;
    await trx
      .insertInto(name)
      .values({ recordId, id, name: file.name, type, size, content })
      .execute();
  }
}

/**
 * A record's file of a field, or with `fileId` one file of a list of files, without its bytes;
 * undefined when it has none.
 */
export async function readFileRow(
  db: Db,
  table: EntityTable,
  field: string,
  recordId: string,
  fileId?: string,
): Promise<FileRow | undefined> {
  let select = db
    .selectFrom(fileTable(table, field))
    .select(['id', 'name', 'type', 'size'])
    .where('recordId', '=', recordId);
  if (fileId !== undefined) select = select.where('id', '=', fileId);
  const query = select.compile();
  const [row] = await runRows(db, query.sql, query.parameters);
  if (!row) return undefined;
  const { id, name, type, size } = row as Record<keyof FileRow, unknown>;
  return { id: String(id), name: String(name), type: String(type), size: Number(size) };
}

/**
 * The bytes of a stored file, a chunk at a time: each chunk is one short statement, so a large
 * file never holds the database, the event loop or the memory for long. Ends early (with an
 * error) when the file is replaced or removed between two chunks, rather than mix two files.
 */
export async function* readFileChunks(
  db: Db,
  table: EntityTable,
  field: string,
  file: Pick<FileRow, 'id' | 'size'>,
  recordId: string,
  chunkSize: number,
): AsyncGenerator<Buffer> {
  const name = fileTable(table, field);
  // SQL strings count from 1; substr and substring both take (start, length) on bytes.
  const slice =
    table.dialect === 'postgres'
      ? sql`substring(${sql.ref('content')} from ${sql.val(0)} for ${sql.val(0)})`
      : sql`substr(${sql.ref('content')}, ${sql.val(0)}, ${sql.val(0)})`;
  const query = db
    .selectFrom(name)
    .select(slice.as('chunk'))
    .where('recordId', '=', '')
    .where('id', '=', '')
    .compile();
  for (let at = 0; at < file.size; at += chunkSize) {
    const [row] = await runRows(db, query.sql, [at + 1, chunkSize, recordId, file.id]);
    if (!row) throw new Error('the file changed while it was being sent');
    const chunk = row.chunk as Uint8Array;
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
}
