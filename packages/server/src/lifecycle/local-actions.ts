import type { LocalReading } from '../permissions/policy.js';
import type { Actor } from '../callers/actor.js';
import type { WireRecord } from '../store/record-codec.js';
import { jsConditionsHold } from './js-conditions.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import type { RolePlan } from './role-plan.js';

/** The actions the caller may take on one stored record, decided in place. */
export type LocalActions = (
  record: WireRecord,
  user: WireRecord | null,
  now: Date,
  reading: LocalReading,
) => string[];

/** A row whose guard can be decided on the record alone: no query, no reference to load. */
const decidedInPlace = (row: PreparedRow) =>
  (!row.guard.sql || row.guard.local !== undefined) &&
  (row.loading.follows.size === 0 || row.guard.js.every((c) => c.readsInput));

/**
 * availableActionsOfPage for one caller, decided in place, with section 6 answered by `reading`:
 * the same checks in the same order. Undefined when a row the caller may take has a guard that
 * needs the database, and availableActionsOfPage decides.
 */
export function localActionsOf(
  setup: LifecycleSetup,
  actor: Actor | null,
): LocalActions | undefined {
  const plan = setup.planFor(actor);
  let found = made.get(plan);
  if (found === undefined) {
    found = localActionsOfPlan(setup, plan) ?? null;
    made.set(plan, found);
  }
  return found ?? undefined;
}

// Worked out once per plan (that is, per set of roles), then kept.
const made = new WeakMap<RolePlan, LocalActions | null>();

function localActionsOfPlan(setup: LifecycleSetup, plan: RolePlan): LocalActions | undefined {
  const { lifecycle } = setup;
  for (const actions of plan.byState.values())
    for (const { candidates } of actions) if (!candidates.every(decidedInPlace)) return undefined;
  return (record, user, now, reading) => {
    if (!reading.canRead(record, user, now)) return [];
    const actions = lifecycle ? (plan.byState.get(record[lifecycle.field] as string) ?? []) : [];
    const out: string[] = [];
    const params = { record, old: record, user, now };
    for (const { action, candidates } of actions) {
      if (!reading.canTakeAction(action, record, user, now)) continue;
      const available = candidates.some(
        (row) =>
          (row.guard.local ? row.guard.local(params) : true) &&
          jsConditionsHold(row.guard, { record, user, now }),
      );
      if (available) out.push(action);
    }
    for (const write of ['update', 'delete'])
      if (reading.canTakeAction(write, record, user, now)) out.push(write);
    return out;
  };
}
