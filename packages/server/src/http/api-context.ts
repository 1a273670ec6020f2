import {
  engineLimits,
  type AppModel,
  type Catalogue,
  type EngineLimits,
  type Entity,
  type Field,
} from '@specrun/model';
import type { FastifyRequest } from 'fastify';
import { PASSWORD_COST, type ScryptCost } from '../accounts/password-hash.js';
import { prepareLifecycles, type EntityLifecycle } from '../lifecycle/prepare-lifecycles.js';
import type { Policy } from '../permissions/policy.js';
import type { OperationContext } from '../operations/operation-context.js';
import { prepareOperations, type EntityOperations } from '../operations/prepare-operations.js';
import { modelSqlMapping } from '../expressions/sql-mapping.js';
import { deriveTables } from '../store/derive-tables.js';
import { resolveTables, type EntityTable } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import { actorOf } from './actor-of.js';
import { FilterCompiler } from './list-filter.js';

/** One entity as the API serves it, resolved at start. */
export interface EntityApi {
  entity: Entity;
  table: EntityTable;
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

/** Everything the API's routes share, worked out once when the server starts. */
export interface ApiContext {
  model: AppModel;
  store: Store;
  policy: Policy;
  catalogue: Catalogue;
  limits: EngineLimits;
  entities: ReadonlyMap<string, EntityApi>;
  filters: FilterCompiler;
  /** The scrypt cost of the passwords of accounts made through the API. */
  passwordCost: ScryptCost;
}

/** Resolves the API of a model on a store: operations, tables and limits, once. */
export function apiContext(
  model: AppModel,
  store: Store,
  policy: Policy,
  catalogue: Catalogue,
  passwordCost: ScryptCost = PASSWORD_COST,
): ApiContext {
  const operations = prepareOperations(model, store);
  const lifecycles = prepareLifecycles(model, store);
  const tables = resolveTables(store.db, store.dialect, deriveTables(model));
  const entities = new Map<string, EntityApi>();
  for (const entity of model.entities) {
    const table = tables.get(entity.name);
    const ops = operations[entity.name];
    const calls = lifecycles[entity.name];
    if (!table || !ops || !calls) throw new Error(`${entity.name} has no table`);
    const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
    entities.set(entity.name, {
      entity,
      table,
      fields: new Map(entity.fields.map((f) => [f.name, f])),
      operations: ops,
      states: lifecycle?.states ?? [],
      lifecycle: calls,
      hasLifecycle: lifecycle !== undefined,
      answersInPlace:
        table.lists.length === 0 &&
        !table.rolesTable &&
        !entity.fields.some((f) => f.rules.some((r) => r.kind === 'computed')),
    });
  }
  const filters = new FilterCompiler(model, modelSqlMapping(model, store.dialect));
  const limits = engineLimits(model);
  return { model, store, policy, catalogue, limits, entities, filters, passwordCost };
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
