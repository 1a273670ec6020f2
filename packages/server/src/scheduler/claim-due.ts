import type { Db } from '../store/db-type.js';
import type { AutomaticRow } from './automatic-rows.js';

/**
 * The search for records due for an automatic transition: in one of its From states, with its
 * When true at `now`, not among `passed` (records this tick already failed on), in id order,
 * one at a time. The state's index (see derived-indexes/automatic-needs.ts) reaches the rows.
 */
export function dueQuery(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  automatic: AutomaticRow,
  now: Date,
  passed: readonly string[] = [],
) {
  const { setup, row, due } = automatic;
  let query = db
    .selectFrom(setup.prepared.table.table)
    .select('id')
    .where(setup.lifecycle!.field, 'in', [...row.from])
    .where(due({ now }));
  if (passed.length > 0) query = query.where('id', 'not in', passed);
  query = query.orderBy('id').limit(1);
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * The id of one due record (see dueQuery), claimed for the caller's transaction. On PostgreSQL
 * the row is locked `FOR UPDATE SKIP LOCKED`, so that servers ticking at once on one database
 * each claim a different record, and one whose claimer has committed is re-read and found no
 * longer due. SQLite runs one write transaction at a time.
 */
export async function claimDue(
  trx: Db,
  dialect: 'sqlite' | 'postgres',
  automatic: AutomaticRow,
  now: Date,
  passed: readonly string[],
): Promise<string | undefined> {
  const found = await dueQuery(trx, dialect, automatic, now, passed).executeTakeFirst();
  return found ? String(found.id) : undefined;
}
