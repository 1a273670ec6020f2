import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';

/**
 * The id of the record of a link table whose `field` is `fieldId` and whose `via` is `viaId`
 * (the Follow of this follower and this followed), or undefined when there is none. `unique
 * with` keeps it to one.
 */
export async function findLink(
  db: Db,
  table: EntityTable,
  field: string,
  fieldId: string,
  via: string,
  viaId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table.table)
    .select('id')
    .where(field, '=', fieldId)
    .where(via, '=', viaId)
    .executeTakeFirst();
  return row ? String((row as { id: unknown }).id) : undefined;
}
