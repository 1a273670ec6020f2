import type { SqlParams } from '@specrun/expr';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { PlannedRow } from './entity-plan.js';

/**
 * Which conditions hold, asked together in one SELECT on `db` (the operation's transaction for
 * writes, so count() and references see what the write sees). A condition that cannot be
 * evaluated is NULL in SQL, and does not hold.
 */
export async function conditionsHold(
  db: Db,
  conditions: readonly RawBuilder<SqlBool>[],
): Promise<boolean[]> {
  if (conditions.length === 0) return [];
  const columns = conditions.map(
    (c, i) => sql`CASE WHEN ${c} THEN 1 ELSE 0 END AS ${sql.id(`c${i}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
  return conditions.map((_, i) => Number(rows[0]?.[`c${i}`]) === 1);
}

/** Which rows hold on each record given as values, in order; `yes` rows without asking. */
export async function rowsHolding(
  db: Db,
  rows: readonly PlannedRow[],
  records: readonly SqlParams[],
): Promise<boolean[][]> {
  const asked = records.flatMap((params) =>
    rows.flatMap((r) => (r.condition ? [r.condition.onValues(params)] : [])),
  );
  const answers = await conditionsHold(db, asked);
  let next = 0;
  return records.map(() => rows.map((r) => (r.condition ? answers[next++]! : true)));
}
