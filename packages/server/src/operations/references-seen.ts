import { entityWords, words } from '@specrun/model';
import { sql } from 'kysely';
import type { PreparedApp } from '../app/prepared-app.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable, Reference } from '../store/entity-tables.js';
import type { OperationContext } from './operation-context.js';

/** How many records refer through one field, as the store counted them. */
export interface ReferenceCount {
  entity: string;
  field: string;
  count: number;
}

/** How many of the records referring to `id` through `ref` the caller may read. */
async function readableCount(
  db: Db,
  app: PreparedApp,
  ctx: OperationContext,
  ref: Reference,
  id: string,
  counted: number,
): Promise<number> {
  const condition = ctx.policy.listCondition(ctx.actor, ref.entity);
  if (condition.kind !== 'where') return condition.kind === 'all' ? counted : 0;
  const main = app.tables.get(ref.entity)!.table;
  // A `list of` field refers from its items' table: the records are those holding the items.
  const holders =
    ref.table === main
      ? null
      : db.selectFrom(ref.table).select('recordId').where(ref.column, '=', id);
  const row = await db
    .selectFrom(main)
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) => (holders ? eb('id', 'in', holders) : eb(ref.column, '=', id)))
    .where(condition.where)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `3 Booking` as people read it: "3 bookings". */
function recordsInWords(app: PreparedApp, entity: string, count: number): string {
  const plural = app.model.entities.find((e) => e.name === entity)?.plural;
  return entityWords(count === 1 || !plural ? entity : plural);
}

/**
 * What a refused delete may say about the records still referring to the record: how many of
 * them the caller may read, per entity and field. The others are told only as "other records",
 * never counted nor named: the refusal itself cannot be helped, but nothing more is told of
 * records the caller may not read. Asked only once the delete is refused.
 */
export async function referencesSeen(
  db: Db,
  app: PreparedApp,
  ctx: OperationContext,
  table: EntityTable,
  id: string,
  counts: readonly ReferenceCount[],
): Promise<string[]> {
  const names: string[] = [];
  let hidden = counts.length === 0;
  for (const { entity, field, count } of counts) {
    const ref = table.referencedBy.find((r) => r.entity === entity && r.field === field);
    const seen = ref ? await readableCount(db, app, ctx, ref, id, count) : 0;
    if (seen > 0) names.push(`${seen} ${recordsInWords(app, entity, seen)} (${words(field)})`);
    if (seen < count) hidden = true;
  }
  if (hidden) names.push('other records');
  return names;
}
