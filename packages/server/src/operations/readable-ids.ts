import type { Actor } from '../callers/actor.js';
import type { Policy } from '../permissions/policy.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';

/**
 * Which of these ids name records of `table` the caller may read, asked in one SELECT with the
 * caller's list condition (none when section 6 lets them read every record or none). Used where
 * an answer would name records of another entity: the people in a history, for one.
 */
export async function readableIds(
  db: Db,
  policy: Policy,
  actor: Actor | null,
  table: EntityTable,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const asked = [...new Set(ids)];
  const condition = policy.listCondition(actor, table.entity);
  if (asked.length === 0 || condition.kind === 'deny') return new Set();
  if (condition.kind === 'all') return new Set(asked);
  // The condition names the table by its own name, as a list's query does: no alias here.
  const rows = await db
    .selectFrom(table.table)
    .select('id')
    .where('id', 'in', asked)
    .where(condition.where)
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}
