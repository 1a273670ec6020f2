import type { Catalogue } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import type { Actor } from '../callers/actor.js';
import { refusal } from '../operations/refusal.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import type { ActionPlan } from './role-plan.js';

/**
 * Section 4's steps 2 and 3 for the roles. The current state decides which rows an action means
 * (several when their Who differ, one per role); with no row from it, every row of the action is
 * asked, so that a caller with no role for the action at all is refused before learning anything
 * about the state. No row whose Who holds one of the caller's roles: UNAUTHENTICATED when nobody
 * is signed in, FORBIDDEN otherwise. Answers the rows from the state the caller may take, in
 * order; none means the record is in the wrong state.
 */
export function checkRoles(plan: ActionPlan, state: unknown, actor: Actor | null): PreparedRow[] {
  const fromState = plan.rows.filter((r) => r.from.has(state as string));
  const asked = fromState.length > 0 ? fromState : plan.rows;
  if (!asked.some((r) => plan.permitted.has(r))) throw refusal(actor);
  return fromState.filter((r) => plan.permitted.has(r));
}

/** Step 4: no row of the action leaves the record's state. */
export function wrongState(catalogue: Catalogue): AppError {
  return new AppError(
    'TRANSITION_NOT_ALLOWED',
    catalogue.resolve('TRANSITION_NOT_ALLOWED').message,
  );
}
