import type { Db } from '../store/db-type.js';
import { encodeColumn } from '../store/column-codec.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

async function allExist(db: Db, table: EntityTable, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const row = await db
    .selectFrom(table.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n) === ids.length;
}

async function taken(db: Db, table: EntityTable, field: string, value: unknown, self?: string) {
  const column = table.columnByName.get(field);
  if (!column) return false;
  let query = db
    .selectFrom(table.table)
    .select('id')
    .where(field, '=', encodeColumn(column, value, table.dialect));
  if (self !== undefined) query = query.where('id', '!=', self);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The fields whose values the database refuses: references to records that do not exist, and
 * `unique` values another record already has. Run in the write's transaction.
 */
export async function checkInDatabase(
  db: Db,
  prepared: PreparedEntity,
  tables: ReadonlyMap<string, EntityTable>,
  values: WireRecord,
  self?: string,
): Promise<Set<string>> {
  const problems = new Set<string>();
  for (const [name, value] of Object.entries(values)) {
    const { field } = prepared.fields.get(name)!;
    if (value === null) continue;
    const type = field.type;
    if (type.kind === 'reference' || type.kind === 'list') {
      const ids = type.kind === 'list' ? (value as string[]) : [value as string];
      if (!(await allExist(db, tables.get(type.entity)!, ids))) problems.add(name);
    }
    if (field.rules.some((r) => r.kind === 'unique')) {
      if (await taken(db, prepared.table, name, value, self)) problems.add(name);
    }
  }
  return problems;
}
