import type { ActionPlan, EntityPlan } from './entity-plan.js';

// No row allows it: what an update is when no row gives a field to change.
const NOBODY: ActionPlan = {
  rows: [],
  always: false,
  fields: new Set(),
  yesFields: new Set(),
  local: true,
};

/**
 * The rows whose leave a stored record needs for an action, as the operations ask it before
 * anything else: `read`; `update` (some row holds on the record as stored and gives a field to
 * change, or updateRecord refuses before reading the body); `delete`; or a lifecycle action.
 */
export function leavePlan(plan: EntityPlan, action: string): ActionPlan {
  if (action === 'read') return plan.read;
  if (action === 'update') return plan.update.fields.size > 0 ? plan.update : NOBODY;
  if (action === 'delete') return plan.delete;
  return plan.action(action);
}
