import type { Actor } from '../callers/actor.js';
import type { Policy } from '../permissions/policy.js';

/** What every operation is given: who asks, the request's one instant, and the policy. */
export interface OperationContext {
  actor: Actor | null;
  now: Date;
  policy: Policy;
}
