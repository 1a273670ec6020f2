import { sql } from 'kysely';
import type { Db } from './db-type.js';
import type { ListField } from './entity-tables.js';

/**
 * Adds one item at the end of a record's `list of` field, unless it is there already: one
 * statement, so two adds at once leave one row (the list's key is the record and the item).
 */
export async function addListItem(db: Db, list: ListField, recordId: string, itemId: string) {
  await db
    .insertInto(list.table)
    .columns(['recordId', 'itemId', 'position'])
    .expression(
      db
        .selectFrom(list.table)
        .select([
          sql<string>`${recordId}`.as('recordId'),
          sql<string>`${itemId}`.as('itemId'),
          sql<number>`coalesce(max(position) + 1, 0)`.as('position'),
        ])
        // A WHERE also keeps SQLite from reading ON CONFLICT as part of the SELECT.
        .where('recordId', '=', recordId),
    )
    .onConflict((oc) => oc.columns(['recordId', 'itemId']).doNothing())
    .execute();
}

/** Takes one item out of a record's `list of` field; nothing happens when it is not there. */
export async function removeListItem(db: Db, list: ListField, recordId: string, itemId: string) {
  await db
    .deleteFrom(list.table)
    .where('recordId', '=', recordId)
    .where('itemId', '=', itemId)
    .execute();
}
