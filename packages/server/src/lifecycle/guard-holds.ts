import type { SqlParams } from '@specrun/expr';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { known, type Answer, type ConditionBatch } from '../store/condition-batch.js';
import type { PreparedRow } from './prepared-lifecycle.js';

/**
 * Whether a row's guard's SQL part holds: at once when it has none or runs in place. With the
 * payload in `params.input`, the parts reading it are asked too; without one (listing actions)
 * they are assumed, as the JavaScript parts reading it are.
 */
export function guardHolds(row: PreparedRow, params: SqlParams, batch: ConditionBatch): Answer {
  const { sql: stored, local, withInput } = row.guard;
  const parts: RawBuilder<SqlBool>[] = [];
  if (local) {
    if (!local(params)) return known(false);
  } else if (stored) parts.push(stored(params));
  if (withInput && params.input !== undefined) parts.push(withInput(params));
  if (parts.length === 0) return known(true);
  return batch.ask([
    parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`,
  ]);
}
