import type { PreparedApp } from '../app/prepared-app.js';
import type { InUse } from '../operations/in-use.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Actor } from '../callers/actor.js';
import type { CreateOffer } from './create-offers.js';
import type { PreparedLifecycle } from './prepared-lifecycle.js';
import type { RolePlan } from './role-plan.js';

/** Everything one entity's lifecycle calls need, resolved once by prepareLifecycles. */
export interface LifecycleSetup {
  /** The prepared application: the model, the store, the catalogue, the tables. */
  app: PreparedApp;
  prepared: PreparedEntity;
  /** Absent for an entity without a lifecycle: it has a history, but no actions. */
  lifecycle?: PreparedLifecycle;
  /** The plan of a caller's roles, cached per distinct set of roles. */
  planFor(actor: Actor | null): RolePlan;
  /** The creates of other records referring to one of these that its page may offer. */
  creates?: readonly CreateOffer[];
  /** Whether other records still refer to one, so that `delete` is not offered; absent when none may. */
  inUse?: InUse;
}
