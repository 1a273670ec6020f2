import { callerRoles, isAutomatic } from '@specrun/model';
import type { Actor } from '../callers/actor.js';
import { byRoles } from '../callers/interned-roles.js';
import type { PreparedLifecycle, PreparedRow } from './prepared-lifecycle.js';

/** An action as one set of roles sees it. */
export interface ActionPlan {
  /** Every row of the action, in table order. */
  rows: PreparedRow[];
  /** The rows whose Who holds one of the roles. */
  permitted: ReadonlySet<PreparedRow>;
}

/** What a set of roles may do in one lifecycle, worked out once per distinct set of roles. */
export interface RolePlan {
  byAction: ReadonlyMap<string, ActionPlan>;
  /** For each state, the actions with a row from it that the roles may take, in table order. */
  byState: ReadonlyMap<string, { action: string; candidates: PreparedRow[] }[]>;
}

function plan(lifecycle: PreparedLifecycle, roles: ReadonlySet<string>): RolePlan {
  const byAction = new Map<string, ActionPlan>();
  for (const [action, all] of lifecycle.rowsByAction) {
    // An automatic transition is the scheduler's alone: no role plan offers or takes it.
    const rows = all.filter((r) => !isAutomatic(r.transition));
    if (rows.length === 0) continue;
    const permitted = new Set(rows.filter((r) => [...r.who].some((role) => roles.has(role))));
    byAction.set(action, { rows, permitted });
  }
  const byState = new Map<string, { action: string; candidates: PreparedRow[] }[]>();
  for (const state of lifecycle.lifecycle.states) {
    const actions: { action: string; candidates: PreparedRow[] }[] = [];
    for (const [action, { rows, permitted }] of byAction) {
      const candidates = rows.filter((r) => r.from.has(state) && permitted.has(r));
      if (candidates.length > 0) actions.push({ action, candidates });
    }
    byState.set(state, actions);
  }
  return { byAction, byState };
}

// Role sets are combinations of the declared roles: few, but bounded all the same.
const MAX_PLANS = 256;

/** Answers the plan of a caller's roles, made on first use and kept. */
export function rolePlans(lifecycle: PreparedLifecycle): (actor: Actor | null) => RolePlan {
  const plans = new Map<string, RolePlan>();
  const planOfRoles = (roles: string[]) => {
    const key = roles.join(',');
    let found = plans.get(key);
    if (!found) {
      if (plans.size >= MAX_PLANS) plans.clear();
      found = plan(lifecycle, new Set(roles));
      plans.set(key, found);
    }
    return found;
  };
  let anonymous: RolePlan | undefined;
  const byActorRoles = byRoles((roles) => planOfRoles(callerRoles({ roles })));
  return (actor) =>
    actor ? byActorRoles(actor.roles) : (anonymous ??= planOfRoles(callerRoles(null)));
}
