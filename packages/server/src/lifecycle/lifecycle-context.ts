import type { Policy } from '../permissions/policy.js';
import type { OperationContext } from '../operations/operation-context.js';

/**
 * The decision of section 6 a transition needs besides the record decisions: whether a row of the
 * caller's roles allows `action` (by its name or `*`) on the stored record, before the transition.
 * `Policy` declares it too; the lifecycle names it here so that it states what it relies on.
 */
export type ActionPolicy = Pick<Policy, 'canTakeAction'>;

/** What every lifecycle call is given: the operations' context with a policy that decides actions. */
export type LifecycleContext = Omit<OperationContext, 'policy'> & { policy: Policy & ActionPolicy };
