import { sql } from 'kysely';
import { toDriver } from './column-codec.js';
import { classifyDbError } from './db-errors.js';
import { resolveFileLists, writeFileLists } from './file-list-rows.js';
import { writeFiles } from './file-rows.js';
import { runRead, runRows, runWrite } from './fast-reads.js';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import { newId } from './ids.js';
import { attachLists, writeListItems, writeRoles } from './list-items.js';
import { decodeRow, encodeValues, type EncodedValues, type WireRecord } from './record-codec.js';
import { selection, type ComputedValues, type WhereInput } from './list-records.js';
import { recordWhereStatement } from './record-where.js';

/** Who writes, and when (the engine's `now`, so one request uses one instant). */
export interface WriteContext {
  by?: string | null;
  now?: Date;
}

/** Runs `work` in the caller's transaction, or in a new one: a record and its lists go together. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Writes what a record keeps outside its row: list items, roles, files. */
async function writeLists(trx: Db, table: EntityTable, id: string, values: EncodedValues) {
  for (const list of table.lists) {
    const items = values.lists.get(list.field);
    if (items) await writeListItems(trx, list, id, items);
  }
  if (values.roles) await writeRoles(trx, table, id, values.roles);
  if (values.files.size > 0) await writeFiles(trx, table, id, values.files);
  if (values.fileLists.size > 0) await writeFileLists(trx, table, id, values);
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classifyDbError(error);
  }
}

/** Reads one record with its lists (and the values the database computes, when given), or undefined. */
export async function getRecord(
  db: Db,
  table: EntityTable,
  id: string,
  computed?: ComputedValues,
): Promise<WireRecord | undefined> {
  if (computed && Object.keys(computed).length > 0) {
    const query = db.selectFrom(table.table).select(selection(table, computed));
    const row = await query.where('id', '=', id).executeTakeFirst();
    return row && withLists(db, table, row);
  }
  const rows = await runRead(db, table.selectById, [id]);
  return rows[0] && withLists(db, table, rows[0]);
}

/** A row read as a record, with its lists attached. */
async function withLists(db: Db, table: EntityTable, row: Record<string, unknown>) {
  const record = decodeRow(table, row);
  await attachLists(db, table, [record]);
  return record;
}

/**
 * Reads one record with its lists when it also meets `where` (a caller's read condition): one
 * statement answers both whether it exists and whether it may be read. Undefined otherwise.
 */
export async function getRecordWhere(
  db: Db,
  table: EntityTable,
  id: string,
  where: WhereInput,
  computed?: ComputedValues,
): Promise<WireRecord | undefined> {
  if (!computed || Object.keys(computed).length === 0) {
    const statement = recordWhereStatement(db, table, id, where);
    const [row] = await runRows(db, statement.sql, statement.parameters);
    return row && withLists(db, table, row);
  }
  const row = await db
    .selectFrom(table.table)
    .select(selection(table, computed))
    .where('id', '=', id)
    .where(where)
    .executeTakeFirst();
  return row && withLists(db, table, row);
}

/**
 * Inserts a record: the engine's fields are set here, missing fields take their column default.
 * Throws InvalidValuesError (every bad value) or ConstraintError (duplicate, missing reference).
 */
export async function insertRecord(
  db: Db,
  table: EntityTable,
  values: WireRecord,
  context: WriteContext = {},
): Promise<WireRecord> {
  const encoded = encodeValues(table, values, 'insert');
  const now = (context.now ?? new Date()).toISOString();
  const id = (encoded.columns.id as string | undefined) ?? newId();
  // A new record holds no files yet: its lists of files are all new files.
  await resolveFileLists(undefined, table, id, encoded);
  const engine: Record<string, unknown> = {
    id,
    createdAt: now,
    updatedAt: now,
    createdBy: context.by ?? null,
    version: 1,
  };
  const parameters = table.columns.map((c) => {
    if (c.name in encoded.columns) return encoded.columns[c.name];
    if (c.name in engine) return engine[c.name];
    return c.default === undefined ? null : toDriver(c, c.default, table.dialect);
  });
  return guarded(() =>
    inTransaction(db, async (trx) => {
      const rows = await runWrite(trx, table.insert, parameters);
      const record = decodeRow(table, rows[0]!);
      await writeLists(trx, table, record.id as string, encoded);
      await attachLists(trx, table, [record]);
      return record;
    }),
  );
}

/**
 * Updates a record if it is still at `version` (optimistic concurrency): the version goes up by
 * one and updatedAt is now. Undefined when the record is gone or someone changed it first.
 */
export async function updateRecord(
  db: Db,
  table: EntityTable,
  id: string,
  version: number,
  changes: WireRecord,
  context: WriteContext = {},
): Promise<WireRecord | undefined> {
  const encoded = encodeValues(table, changes, 'update');
  const updatedAt = (context.now ?? new Date()).toISOString();
  const names = table.columns.map((c) => c.name);
  return guarded(() =>
    inTransaction(db, async (trx) => {
      await resolveFileLists(trx, table, id, encoded);
      const row = await trx
        .updateTable(table.table)
        .set({ ...encoded.columns, updatedAt, version: sql`${sql.ref('version')} + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .returning(names)
        .executeTakeFirst();
      if (!row) return undefined;
      const record = decodeRow(table, row);
      await writeLists(trx, table, id, encoded);
      await attachLists(trx, table, [record]);
      return record;
    }),
  );
}
