import type { Db } from './db-type.js';
import type { EntityTable, ListField } from './entity-tables.js';

const CHUNK = 500;

/** The items of a `list of` field for some records, in their order: record id → item ids. */
export async function readListItems(db: Db, list: ListField, recordIds: readonly string[]) {
  const items = new Map<string, string[]>(recordIds.map((id) => [id, []]));
  for (let i = 0; i < recordIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom(list.table)
      .select(['recordId', 'itemId'])
      .where('recordId', 'in', recordIds.slice(i, i + CHUNK))
      .orderBy('recordId')
      .orderBy('position')
      .execute();
    for (const row of rows) items.get(row.recordId as string)?.push(row.itemId as string);
  }
  return items;
}

/** Replaces a record's items in a `list of` field; the order given is kept. */
export async function writeListItems(
  db: Db,
  list: ListField,
  recordId: string,
  itemIds: readonly string[],
) {
  await db.deleteFrom(list.table).where('recordId', '=', recordId).execute();
  if (itemIds.length === 0) return;
  const rows = itemIds.map((itemId, position) => ({ recordId, itemId, position }));
  await db.insertInto(list.table).values(rows).execute();
}

/** The roles of some users: user id → role names, sorted. */
export async function readRoles(db: Db, table: EntityTable, userIds: readonly string[]) {
  const roles = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!table.rolesTable || userIds.length === 0) return roles;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom(table.rolesTable)
      .select(['userId', 'role'])
      .where('userId', 'in', userIds.slice(i, i + CHUNK))
      .orderBy('userId')
      .orderBy('role')
      .execute();
    for (const row of rows) roles.get(row.userId as string)?.push(row.role as string);
  }
  return roles;
}

/** Replaces a user's roles. */
export async function writeRoles(
  db: Db,
  table: EntityTable,
  userId: string,
  roles: readonly string[],
) {
  if (!table.rolesTable) return;
  await db.deleteFrom(table.rolesTable).where('userId', '=', userId).execute();
  if (roles.length > 0) {
    await db
      .insertInto(table.rolesTable)
      .values(roles.map((role) => ({ userId, role })))
      .execute();
  }
}

/** Adds the list fields and roles to records read from their table. */
export async function attachLists(db: Db, table: EntityTable, records: Record<string, unknown>[]) {
  if (records.length === 0 || (table.lists.length === 0 && !table.rolesTable)) return;
  const ids = records.map((r) => r.id as string);
  for (const list of table.lists) {
    const items = await readListItems(db, list, ids);
    for (const record of records) record[list.field] = items.get(record.id as string) ?? [];
  }
  if (table.rolesTable) {
    const roles = await readRoles(db, table, ids);
    for (const record of records) record.roles = roles.get(record.id as string) ?? [];
  }
}
