import type { Db } from '../store/db-type.js';
import type { AutomaticRow } from './automatic-rows.js';

/**
 * The id of one record due for an automatic transition, claimed for the caller's transaction:
 * in one of its From states, with its When true at `now`, and not among `passed` (records this
 * tick already failed on). On PostgreSQL the row is locked `FOR UPDATE SKIP LOCKED`, so that
 * servers ticking at once on one database each claim a different record, and one whose claimer
 * has committed is re-read and found no longer due. SQLite runs one write transaction at a time.
 */
export async function claimDue(
  trx: Db,
  dialect: 'sqlite' | 'postgres',
  automatic: AutomaticRow,
  now: Date,
  passed: readonly string[],
): Promise<string | undefined> {
  const { setup, row, due } = automatic;
  const table = setup.prepared.table.table;
  let query = trx
    .selectFrom(table)
    .select('id')
    .where(setup.lifecycle!.field, 'in', [...row.from])
    .where(due({ now }));
  if (passed.length > 0) query = query.where('id', 'not in', passed);
  query = query.orderBy('id').limit(1);
  if (dialect === 'postgres') query = query.forUpdate().skipLocked();
  const found = await query.executeTakeFirst();
  return found ? String(found.id) : undefined;
}
