import type { Frag } from './sql-value.js';

/** The two databases compiled SQL runs on. */
export type SqlDialect = 'sqlite' | 'postgres';

/** How a field's value is stored: the column and its logical type. */
export interface SqlColumn {
  name: string;
  type: 'id' | 'text' | 'integer' | 'decimal' | 'money' | 'boolean' | 'date' | 'datetime' | 'json';
  nullable: boolean;
  /** Money: digits after the point of the stored minor units (EUR 2, JPY 0). */
  scale?: number;
  /**
   * A computed field the database works out (see computed-columns.ts): its value for the row
   * under `alias`, in the column's stored form, read instead of the column.
   */
  computed?: (alias: string) => Frag;
  /**
   * The same value for the record bound as the `record` parameter: a rule's record as it would be
   * saved, whose own fields are the parameter's (on create it is not stored yet).
   */
  computedOnRecord?: () => Frag;
}

/** A table that holds a list: one row per (owner, item). */
export interface SqlListTable {
  table: string;
  ownerColumn: string;
  itemColumn: string;
}

/**
 * Where the records of a model live, as the compiler needs to know it. The server implements it
 * from the store's schema description; every entity's primary key is its `id` field.
 */
export interface SqlMapping {
  dialect: SqlDialect;
  /** The table of an entity (User included). */
  table(entity: string): string | undefined;
  /** The column of a stored field; undefined for `list of` fields and roles. */
  column(entity: string, field: string): SqlColumn | undefined;
  /** The join table of a `list of` field. */
  list(entity: string, field: string): SqlListTable | undefined;
  /** The table of the users' roles: owner = user id, item = role name. */
  roles: SqlListTable;
  /**
   * The computed fields read as their expressions, as `Entity.field` (see withComputedColumns);
   * absent on a mapping that reads every field from its column.
   */
  computedInDatabase?: ReadonlySet<string>;
}
