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

/**
 * Which rows hold on each record given as values, in order: `yes` rows without asking, conditions
 * on the record's own values in JavaScript, the others together in one SELECT.
 */
export async function rowsHolding(
  db: Db,
  rows: readonly PlannedRow[],
  records: readonly SqlParams[],
): Promise<boolean[][]> {
  const inDatabase = (r: PlannedRow) => r.condition !== undefined && !r.condition.local;
  const asked = records.flatMap((params) =>
    rows.flatMap((r) => (inDatabase(r) ? [r.condition!.onValues(params)] : [])),
  );
  const answers = asked.length > 0 ? await conditionsHold(db, asked) : [];
  let next = 0;
  return records.map((params) =>
    rows.map((r) => {
      if (!r.condition) return true;
      return r.condition.local ? r.condition.local(params) : answers[next++]!;
    }),
  );
}
