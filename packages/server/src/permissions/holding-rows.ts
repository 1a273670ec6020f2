import type { SqlParams } from '@specrun/expr';
import { ConditionBatch, known, type Answer } from '../store/condition-batch.js';
import type { Db } from '../store/db-type.js';
import type { ActionPlan, PlannedRow } from './entity-plan.js';

/** Whether one row holds on a record given as values: at once when it can, else in `batch`. */
function rowHolds(row: PlannedRow, params: SqlParams, batch: ConditionBatch): Answer {
  if (!row.condition) return known(true);
  if (row.condition.local) return known(row.condition.local(params));
  return batch.ask([row.condition.onValues(params)]);
}

/**
 * Whether some row of a plan allows the action on a record given as values: at once when a `yes`
 * row or a condition on the record's own values decides, else asked in `batch` as one condition
 * (the rows' conditions joined by OR).
 */
export function leaveOf(plan: ActionPlan, params: SqlParams, batch: ConditionBatch): Answer {
  if (plan.always) return known(true);
  const asked = [];
  for (const row of plan.rows) {
    if (!row.condition) return known(true);
    if (!row.condition.local) asked.push(row.condition.onValues(params));
    else if (row.condition.local(params)) return known(true);
  }
  return batch.ask(asked);
}

/**
 * Which rows hold on each record given as values, in order: `yes` rows without asking, conditions
 * on the record's own values in JavaScript, the others together in one SELECT on `db` (the
 * operation's transaction for writes, so count() and references see what the write sees).
 */
export async function rowsHolding(
  db: Db,
  rows: readonly PlannedRow[],
  records: readonly SqlParams[],
): Promise<boolean[][]> {
  const batch = new ConditionBatch();
  const answers = records.map((params) => rows.map((row) => rowHolds(row, params, batch)));
  await batch.run(db);
  return answers.map((answer) => answer.map((holds) => holds()));
}
