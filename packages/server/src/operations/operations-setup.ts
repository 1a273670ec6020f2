import { countedEntities, type CountedEntities } from '../rules/counted-entities.js';
import {
  Catalogue,
  checkSettingsAt,
  engineLimits,
  type AppModel,
  type CheckSettings,
} from '@specrun/model';
import { deriveTables } from '../store/derive-tables.js';
import { resolveTables } from '../store/entity-tables.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import type { PreparedEntity } from './prepared-entity.js';

/** What every operation shares, resolved once by prepareOperations. */
export interface OperationsSetup {
  model: AppModel;
  store: Store;
  catalogue: Catalogue;
  tables: ReadonlyMap<string, EntityTable>;
  /** The role names of section 6, the only values `roles` may hold. */
  roles: string[];
  pageSize: number;
  maxPageSize: number;
  /** What the model's decisions count: which writes take turns (see turnKeys). */
  counted: CountedEntities;
}

/** Resolves what every operation shares, once, at start: tables, catalogue, roles, page sizes. */
export function operationsSetup(model: AppModel, store: Store): OperationsSetup {
  const limits = engineLimits(model);
  return {
    model,
    store,
    catalogue: new Catalogue(model),
    tables: resolveTables(store.db, store.dialect, deriveTables(model)),
    roles: model.roles.map((r) => r.name),
    pageSize: limits.pageSize,
    maxPageSize: limits.maxPageSize,
    counted: countedEntities(model),
  };
}

/** The checks' view of one request's instant. */
export function checkSettings(setup: OperationsSetup, now: Date): CheckSettings {
  return checkSettingsAt(setup.model, now.getTime(), setup.roles);
}

/** The fields a create checks: every field a caller or a default gives a value. */
export function inputFields(prepared: PreparedEntity): string[] {
  return [...prepared.fields.values()].filter((p) => p.input).map((p) => p.field.name);
}
