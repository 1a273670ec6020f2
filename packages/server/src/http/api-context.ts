import type { Entity, Field } from '@specrun/model';
import type { FastifyRequest } from 'fastify';
import type { PreparedApp } from '../app/prepared-app.js';
import { PASSWORD_COST, type ScryptCost } from '../accounts/password-hash.js';
import { prepareLifecycles, type EntityLifecycle } from '../lifecycle/prepare-lifecycles.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { EntityTable } from '../store/entity-tables.js';
import { prepareOperations, type EntityOperations } from '../operations/prepare-operations.js';
import { actorOf } from './actor-of.js';
import { FilterCompiler } from './list-filter.js';

/** One entity as the API serves it, resolved at start. */
export interface EntityApi {
  entity: Entity;
  table: EntityTable;
  /** The entity as the operations prepared it: checks, rules, lifecycle. */
  prepared: PreparedEntity;
  fields: ReadonlyMap<string, Field>;
  operations: EntityOperations;
  /** The states of its lifecycle, the values its `state` field may hold. */
  states: readonly string[];
  /** Its transitions and history; `hasLifecycle` says whether section 4 gives it states. */
  lifecycle: EntityLifecycle;
  hasLifecycle: boolean;
  /** Its stored rows are whole records (no list field, no roles, nothing computed): see local-answers. */
  answersInPlace: boolean;
}

/** Everything the API's routes share: the prepared application, and each entity's calls. */
export interface ApiContext extends Omit<PreparedApp, 'entities'> {
  entities: ReadonlyMap<string, EntityApi>;
  filters: FilterCompiler;
  /** The scrypt cost of the passwords of accounts made through the API. */
  passwordCost: ScryptCost;
}

/** The API of a prepared application: each entity's operations and lifecycle calls, once. */
export function apiContext(app: PreparedApp, passwordCost: ScryptCost = PASSWORD_COST): ApiContext {
  const operations = prepareOperations(app);
  const lifecycles = prepareLifecycles(app);
  const entities = new Map<string, EntityApi>();
  for (const prepared of app.entities.values()) {
    const { entity, table } = prepared;
    const ops = operations[entity.name];
    const calls = lifecycles[entity.name];
    if (!ops || !calls) throw new Error(`${entity.name} has no operations`);
    entities.set(entity.name, {
      entity,
      table,
      prepared,
      fields: new Map(entity.fields.map((f) => [f.name, f])),
      operations: ops,
      states: prepared.lifecycle?.lifecycle.states ?? [],
      lifecycle: calls,
      hasLifecycle: prepared.lifecycle !== undefined,
      answersInPlace:
        table.lists.length === 0 &&
        !table.rolesTable &&
        prepared.computed.length === 0 &&
        prepared.computedInDatabase.length === 0,
    });
  }
  const filters = new FilterCompiler(app.model, app.mapping, app.limits.filterBudget);
  return { ...app, entities, filters, passwordCost };
}

/** The entity an operation names; the calls table only names known entities. */
export function entityApi(api: ApiContext, name: string): EntityApi {
  const found = api.entities.get(name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
}

/** What an operation runs with: the caller, the request's one instant, and the policy. */
export function operationContext(api: ApiContext, request: FastifyRequest): OperationContext {
  return { actor: actorOf(request), now: new Date(), policy: api.policy };
}
