import type { OperationsSetup } from '../operations/operations-setup.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Actor } from '../callers/actor.js';
import type { PreparedLifecycle } from './prepared-lifecycle.js';
import type { RolePlan } from './role-plan.js';

/** Everything one entity's lifecycle calls need, resolved once by prepareLifecycles. */
export interface LifecycleSetup {
  /** What the record operations share: the model, the store, the catalogue, the tables. */
  shared: OperationsSetup;
  prepared: PreparedEntity;
  /** Absent for an entity without a lifecycle: it has a history, but no actions. */
  lifecycle?: PreparedLifecycle;
  /** The plan of a caller's roles, cached per distinct set of roles. */
  planFor(actor: Actor | null): RolePlan;
}
