import type { SqlParams } from '@specrun/expr';
import { known, type Answer, type ConditionBatch } from '../store/condition-batch.js';
import type { PreparedRow } from './prepared-lifecycle.js';

/** Whether a row's guard's SQL part holds: at once when it has none or runs in place. */
export function guardHolds(row: PreparedRow, params: SqlParams, batch: ConditionBatch): Answer {
  const { sql, local } = row.guard;
  if (local) return known(local(params));
  return sql ? batch.ask([sql(params)]) : known(true);
}
