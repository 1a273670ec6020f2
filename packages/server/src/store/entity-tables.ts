import type { CompiledQuery } from 'kysely';
import type { Dialect } from './column-codec.js';
import type { Db } from './db-type.js';
import { addFileUrls } from './file-urls.js';
import { rowDecoder, type WireRecord } from './record-codec.js';
import type { ColumnSchema, SchemaDescription, TableSchema } from './schema-types.js';

/** A `list of` field and its join table. */
export interface ListField {
  field: string;
  table: string;
  item: string;
}

/** A `file` or `list of files` field and the table of its bytes. */
export interface FileField {
  field: string;
  table: string;
  /** A `list of files`: a row per file, each served at its own address. */
  list: boolean;
}

/** A column elsewhere whose rows keep a record from being deleted. */
export interface Reference {
  table: string;
  column: string;
  /** The entity and field as the model names them. */
  entity: string;
  field: string;
}

/** Everything the record operations need about one entity, worked out once at start. */
export interface EntityTable {
  dialect: Dialect;
  entity: string;
  table: string;
  columns: ColumnSchema[];
  columnByName: ReadonlyMap<string, ColumnSchema>;
  lists: ListField[];
  files: FileField[];
  /** Set for User: the table of roles. */
  rolesTable?: string;
  /** The text columns in the table's full-text search, in its order (see search-ddl.ts). */
  search?: readonly string[];
  history: string;
  referencedBy: Reference[];
  /** Compiled once; run with the id as the only parameter. */
  selectById: CompiledQuery;
  /** Compiled once; run with one parameter per column, in column order. */
  insert: CompiledQuery;
  /** A row of the table, as either driver reads it, in wire form (files as their address). */
  decode(row: Record<string, unknown>): WireRecord;
  /** Compiled once; run with an entry's values in HISTORY_COLUMNS order. */
  insertHistory: CompiledQuery;
  /** Statements whose shape depends on what they write, compiled on first use (see compiledFor). */
  compiled: Map<string, CompiledQuery>;
}

/** The columns of a history table, in the order insertHistory takes them. */
export const HISTORY_COLUMNS = [
  'id',
  'recordId',
  'action',
  'fromState',
  'toState',
  'input',
  'byUser',
  'at',
  'changes',
] as const;

// Shapes are combinations of a table's columns: few in practice, bounded all the same.
const MAX_COMPILED = 256;

/**
 * A statement of `table` for one shape (`key`: the columns it writes...), compiled on first use and
 * then kept: the request only binds its values.
 */
export function compiledFor(
  table: EntityTable,
  key: string,
  compile: () => CompiledQuery,
): CompiledQuery {
  let found = table.compiled.get(key);
  if (!found) {
    if (table.compiled.size >= MAX_COMPILED) table.compiled.clear();
    found = compile();
    table.compiled.set(key, found);
  }
  return found;
}

function referencesTo(schema: SchemaDescription, table: string): Reference[] {
  return schema.tables.flatMap((t) =>
    t.columns
      .filter((c) => c.references?.table === table && c.references.onDelete === 'restrict')
      .map((c) => ({
        table: t.name,
        column: c.name,
        entity: t.role.entity,
        field: t.role.kind === 'list' ? t.role.field : c.name,
      })),
  );
}

function resolve(
  db: Db,
  dialect: Dialect,
  schema: SchemaDescription,
  table: TableSchema,
): EntityTable {
  const entity = table.role.entity;
  const names = table.columns.map((c) => c.name);
  const insert = db
    .insertInto(table.name)
    .values(Object.fromEntries(names.map((n) => [n, null])))
    .returning(names)
    .compile();
  const roles = schema.tables.find((t) => t.role.kind === 'roles' && t.role.entity === entity);
  const history = schema.tables.find((t) => t.role.kind === 'history' && t.role.entity === entity);
  const files = schema.tables.flatMap((t) =>
    (t.role.kind === 'file' || t.role.kind === 'files') && t.role.entity === entity
      ? [{ field: t.role.field, table: t.name, list: t.role.kind === 'files' }]
      : [],
  );
  const decode = rowDecoder(table.columns);
  const withUrls = addFileUrls(entity, files);
  const resolved: EntityTable = {
    dialect,
    entity,
    table: table.name,
    columns: table.columns,
    columnByName: new Map(table.columns.map((c) => [c.name, c])),
    lists: schema.tables.flatMap((t) =>
      t.role.kind === 'list' && t.role.entity === entity
        ? [{ field: t.role.field, table: t.name, item: t.role.item }]
        : [],
    ),
    files,
    history: history?.name ?? `${table.name}_history`,
    referencedBy: referencesTo(schema, table.name),
    selectById: db.selectFrom(table.name).select(names).where('id', '=', '').compile(),
    insert,
    decode: files.length === 0 ? decode : (row) => withUrls(decode(row)),
    insertHistory: db
      .insertInto(history?.name ?? `${table.name}_history`)
      .values(Object.fromEntries(HISTORY_COLUMNS.map((c) => [c, null])))
      .compile(),
    compiled: new Map(),
  };
  if (roles) resolved.rolesTable = roles.name;
  if (table.search) resolved.search = table.search;
  return resolved;
}

/** The entities of a schema by name, resolved once for the record operations. */
export function resolveTables(
  db: Db,
  dialect: Dialect,
  schema: SchemaDescription,
): Map<string, EntityTable> {
  return new Map(
    schema.tables
      .filter((t) => t.role.kind === 'entity')
      .map((t) => [t.role.entity, resolve(db, dialect, schema, t)]),
  );
}
