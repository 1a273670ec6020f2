import type { SqlParams } from '@specrun/expr';
import type { LocalReading } from './policy.js';
import type { ActionPlan, EntityPlan } from './entity-plan.js';
import { leavePlan } from './leave-plan.js';

/** Whether some row of a plan whose conditions are all local (`plan.local`) allows the record. */
export function allowsLocally(plan: ActionPlan, params: SqlParams): boolean {
  if (plan.always) return true;
  for (const row of plan.rows) if (row.condition!.local!(params)) return true;
  return false;
}

/**
 * An entity's plan for one set of roles as a LocalReading, when every read decision is local:
 * each read row's condition runs in JavaScript and every record the caller may read shows the
 * same fields (see visibleFieldsOf), and so does each lifecycle action's plan, update's and
 * delete's. Undefined otherwise, and the policy's methods decide.
 */
export function localReadingOf(
  plan: EntityPlan,
  actions: readonly string[],
): LocalReading | undefined {
  const read = plan.read;
  if (!read.local || read.fields.size > read.guaranteed.size) return undefined;
  const byAction = new Map([...actions, 'update', 'delete'].map((a) => [a, leavePlan(plan, a)]));
  if ([...byAction.values()].some((p) => !p.local)) return undefined;
  return {
    canRead: (record, user, now) => allowsLocally(read, { record, user, now }),
    fields: read.guaranteed,
    canTakeAction: (action, record, user, now) => {
      const allowed = byAction.get(action) ?? leavePlan(plan, action);
      return allowed.local ? allowsLocally(allowed, { record, user, now }) : false;
    },
  };
}
