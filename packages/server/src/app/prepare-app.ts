import { withComputedColumns } from '@specrun/expr';
import { apiCalls, Catalogue, engineLimits, type AppModel } from '@specrun/model';
import { sqlMapping } from '../expressions/sql-mapping.js';
import { afterCreateOf } from '../lifecycle/after-create.js';
import { prepareLifecycle } from '../lifecycle/prepared-lifecycle.js';
import { prepareEntity, type PreparedEntity } from '../operations/prepared-entity.js';
import { compilePolicy } from '../permissions/compile-policy.js';
import type { Policy } from '../permissions/policy.js';
import { countedEntities } from '../rules/counted-entities.js';
import { deriveTables } from '../store/derive-tables.js';
import { resolveTables } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import type { PreparedApp, PreparedModel } from './prepared-app.js';

/** What prepareApp may be given instead of working it out. */
export interface PrepareOptions {
  /** Section 6's decisions; compiled from the model unless given (tests give their own). */
  policy?: Policy;
}

/** Reads what a model gives before any database, once. */
export function prepareModel(model: AppModel): PreparedModel {
  return {
    model,
    catalogue: new Catalogue(model),
    limits: engineLimits(model),
    calls: apiCalls(model),
    schema: deriveTables(model),
    roles: model.roles.map((r) => r.name),
  };
}

/**
 * Prepares the application on a store migrated to the model: tables resolved and their statements
 * compiled, every rule, guard, default, computed value and section 6 condition checked and
 * compiled, each once. Throws when something of the model cannot run (a start-up error).
 */
export function prepareApp(
  model: AppModel,
  store: Store,
  options: PrepareOptions = {},
  prepared: PreparedModel = prepareModel(model),
): PreparedApp {
  const tables = resolveTables(store.db, store.dialect, prepared.schema);
  // Computed fields the database works out are read as their expressions wherever SQL reads them.
  const mapping = withComputedColumns(sqlMapping(prepared.schema, store.dialect), model);
  const entities = new Map<string, PreparedEntity>();
  // Read at request time, when every entity is prepared.
  const sources = { tables, valuesOf: (name: string) => entities.get(name)?.databaseValues };
  for (const entity of model.entities) {
    const table = tables.get(entity.name);
    if (!table) throw new Error(`${entity.name} has no table`);
    const ready = prepareEntity(model, entity, table, mapping);
    const declared = model.lifecycles.find((l) => l.entity === entity.name);
    if (declared) ready.lifecycle = prepareLifecycle(model, declared, ready, sources, mapping);
    entities.set(entity.name, ready);
  }
  const app: PreparedApp = {
    ...prepared,
    store,
    tables,
    mapping,
    entities,
    policy: options.policy ?? compilePolicy({ model, tables, mapping }),
    counted: countedEntities(model),
  };
  for (const ready of entities.values()) {
    const afterCreate = afterCreateOf(app, ready.entity.name);
    if (afterCreate) ready.afterCreate = afterCreate;
  }
  return app;
}
