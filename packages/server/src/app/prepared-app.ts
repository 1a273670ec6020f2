import type { SqlMapping } from '@specrun/expr';
import type { ApiCall, AppModel, Catalogue, EngineLimits } from '@specrun/model';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Policy } from '../permissions/policy.js';
import type { CountedEntities } from '../rules/counted-entities.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import type { SchemaDescription } from '../store/schema-types.js';

/** What a model gives before any database: served even without one (the model, health, docs). */
export interface PreparedModel {
  model: AppModel;
  /** Section 8 with the engine's codes: every error's status and message. */
  catalogue: Catalogue;
  /** Section 9's limits with the engine's defaults. */
  limits: EngineLimits;
  /** Section 7's calls, or the default API when it declares none. */
  calls: readonly ApiCall[];
  /** The tables the model derives (section 3), as migrations and the compilers see them. */
  schema: SchemaDescription;
  /** The role names of section 6, the only values `roles` may hold. */
  roles: readonly string[];
}

/**
 * The application, prepared once at start-up on a migrated store: everything a request needs
 * that does not depend on the request. Every part of the server takes what it needs from here;
 * nothing derives its own copy.
 */
export interface PreparedApp extends PreparedModel {
  store: Store;
  /** The model's tables on this store, with their prepared statements and row decoders. */
  tables: ReadonlyMap<string, EntityTable>;
  /** How CEL expressions name those tables and columns when compiled to SQL. */
  mapping: SqlMapping;
  /** Each entity with its fields' checks, defaults, computed values, rules and lifecycle. */
  entities: ReadonlyMap<string, PreparedEntity>;
  /** Section 6's decisions. */
  policy: Policy;
  /** What section 5's rules and section 4's guards count: which writes take turns. */
  counted: CountedEntities;
}
