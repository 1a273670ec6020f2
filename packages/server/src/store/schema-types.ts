/**
 * The database schema a model needs, as plain JSON: derived from the model, stored as the
 * snapshot of what was applied, and compared to plan migrations. Names are table and column
 * names as the database sees them.
 */

/**
 * A column's logical type; each dialect maps it to its own storage (see column-types.ts). A
 * `file` column holds the description of a file whose bytes (`bytes`) are in a table of their own;
 * a `files` column those of a list of files, each with the id of its bytes.
 */
export type ColumnType =
  | 'id'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'json'
  | 'file'
  | 'files'
  | 'bytes';

/** A literal a column holds when a row gives no value, in the column's stored form. */
export type ColumnDefault = string | number | boolean;

/** A reference from a column to another table's `id`. */
export interface ForeignKey {
  table: string;
  onDelete: 'restrict' | 'cascade' | 'set null';
}

/** One column of a table. */
export interface ColumnSchema {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** Stored form: money in minor units, booleans as true/false. */
  default?: ColumnDefault;
  /** Money: digits after the decimal point (JPY 0, EUR 2). */
  scale?: number;
  /** Money: the currency the scale comes from. */
  currency?: string;
  /** Enums and states: the only values allowed (a CHECK constraint). */
  values?: string[];
  references?: ForeignKey;
}

/** An index on one or more columns. */
export interface IndexSchema {
  name: string;
  columns: string[];
  unique: boolean;
  /** The columns it holds in descending order (the others ascending); absent when none. */
  descending?: string[];
}

/**
 * What a table stores: an entity's records, a `list of` field, a `file` field, the files of a
 * `list of files` field, roles, or history.
 */
export type TableRole =
  | { kind: 'entity'; entity: string }
  | { kind: 'list'; entity: string; field: string; item: string }
  | { kind: 'file'; entity: string; field: string }
  | { kind: 'files'; entity: string; field: string }
  | { kind: 'roles'; entity: string }
  | { kind: 'history'; entity: string };

/** One table with its columns, primary key and indexes. */
export interface TableSchema {
  name: string;
  role: TableRole;
  columns: ColumnSchema[];
  primaryKey: string[];
  indexes: IndexSchema[];
  /**
   * An entity's text columns a list's `q` searches, in order, kept in a full-text index (see
   * search-ddl.ts); absent when it has none. Snapshots made before it have none either.
   */
  search?: string[];
}

/** The version of this description's own shape, stored with each snapshot. */
export const SCHEMA_FORMAT = 1;

/** Every table the application needs. */
export interface SchemaDescription {
  format: typeof SCHEMA_FORMAT;
  tables: TableSchema[];
}
