import type { SqlParams } from '@specrun/expr';
import type { Db } from '../store/db-type.js';
import { ConditionBatch } from '../store/condition-batch.js';
import type { WireRecord } from '../store/record-codec.js';
import type { ActionPlan, PlannedRow } from './entity-plan.js';
import { unionOf } from './field-sets.js';
import { leaveOf, rowsHolding } from './holding-rows.js';

const fieldsOf = (rows: readonly PlannedRow[]) => unionOf(rows.map((r) => r.fields));
const within = (names: Iterable<string>, fields: ReadonlySet<string>) =>
  [...names].every((name) => fields.has(name));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether some row allows an action on a record given as values (read, delete, transitions). */
export async function allowsRecord(db: Db, plan: ActionPlan, params: SqlParams): Promise<boolean> {
  const batch = new ConditionBatch();
  const leave = leaveOf(plan, params, batch);
  await batch.run(db);
  return leave();
}

/**
 * Whether a create is allowed on the record as it would be saved. Given the fields the caller
 * sent, each must belong to a row that holds on this record; without them, the operations have
 * already kept the body to the fields some create row gives (writableFields).
 */
export async function allowsCreate(
  db: Db,
  plan: ActionPlan,
  params: SqlParams,
  sent?: readonly string[],
): Promise<boolean> {
  if (plan.always && (!sent || within(sent, plan.yesFields))) return true;
  if (plan.rows.length === 0) return false;
  const [holding] = await rowsHolding(db, plan.rows, [params]);
  const allowing = plan.rows.filter((_, i) => holding![i]);
  return allowing.length > 0 && (!sent || within(sent, fieldsOf(allowing)));
}

/**
 * Whether the caller may bring the stored record (as the write's transaction read it) to
 * `record`. A row allows it when it holds on both, so an update cannot move a record out of the
 * caller's reach; every settable field that changes must belong to a row that allows it, so a
 * field given only by a conditional row cannot be changed where that row does not hold. Asked
 * with the stored record itself, nothing changes and this is whether some row holds on it.
 */
export async function allowsUpdate(
  db: Db,
  plan: ActionPlan,
  settable: ReadonlySet<string>,
  stored: WireRecord,
  record: WireRecord,
  user: SqlParams['user'],
): Promise<boolean> {
  if (plan.always && within(settable, plan.yesFields)) return true;
  if (plan.rows.length === 0) return false;
  const changed = [...settable].filter((f) => f in record && !same(stored[f], record[f]));
  if (plan.always && within(changed, plan.yesFields)) return true;
  const states =
    record === stored
      ? [{ record, user }]
      : [
          { record: stored, user },
          { record, user },
        ];
  const [before, after = before] = await rowsHolding(db, plan.rows, states);
  const allowing = plan.rows.filter((_, i) => before![i] && after![i]);
  return allowing.length > 0 && within(changed, fieldsOf(allowing));
}
