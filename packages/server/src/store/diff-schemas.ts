import { stableJson } from './stable-json.js';
import type { ColumnSchema, IndexSchema, SchemaDescription, TableSchema } from './schema-types.js';

/** How an existing column changes. */
export interface ColumnChange {
  table: TableSchema;
  from: ColumnSchema;
  to: ColumnSchema;
  /** The stored values no longer fit: another type, scale, currency or referenced table. */
  retype: boolean;
  /** Only these values are allowed now (when the allowed values shrink or appear). */
  narrowTo?: string[];
  /** The column becomes required. */
  tighten: boolean;
  /** A `file` column that held the files themselves (text) now holds their descriptions. */
  toFiles?: true;
}

/** A table whose searched columns change (see search-ddl.ts); either side may have none. */
export interface SearchChange {
  table: TableSchema;
  from?: string[];
  to?: string[];
}

/** Everything that differs between two schemas, table by table. */
export interface SchemaDiff {
  createTables: TableSchema[];
  dropTables: TableSchema[];
  addColumns: { table: TableSchema; column: ColumnSchema }[];
  dropColumns: { table: TableSchema; column: ColumnSchema }[];
  changeColumns: ColumnChange[];
  createIndexes: { table: TableSchema; index: IndexSchema }[];
  dropIndexes: { table: TableSchema; index: IndexSchema }[];
  /** Existing tables only: a created or dropped table's search goes with it. */
  changeSearches: SearchChange[];
}

const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

function columnChange(
  table: TableSchema,
  from: ColumnSchema,
  to: ColumnSchema,
): ColumnChange | undefined {
  if (same(from, to)) return undefined;
  // The data URLs files used to be kept as are moved, not lost (see move-files.ts).
  const toFiles = from.type === 'text' && to.type === 'file';
  const retype =
    (from.type !== to.type && !toFiles) ||
    from.scale !== to.scale ||
    from.currency !== to.currency ||
    from.references?.table !== to.references?.table;
  const narrows = to.values && (!from.values || from.values.some((v) => !to.values!.includes(v)));
  const change: ColumnChange = { table, from, to, retype, tighten: from.nullable && !to.nullable };
  if (narrows && !retype) change.narrowTo = to.values;
  if (toFiles) change.toFiles = true;
  return change;
}

/** Compares the schema last applied with the one the model needs. */
export function diffSchemas(
  from: SchemaDescription | undefined,
  to: SchemaDescription,
): SchemaDiff {
  const diff: SchemaDiff = {
    createTables: [],
    dropTables: [],
    addColumns: [],
    dropColumns: [],
    changeColumns: [],
    createIndexes: [],
    dropIndexes: [],
    changeSearches: [],
  };
  const old = new Map((from?.tables ?? []).map((t) => [t.name, t]));
  for (const table of to.tables) {
    const before = old.get(table.name);
    old.delete(table.name);
    if (!before) {
      diff.createTables.push(table);
      continue;
    }
    const columns = new Map(before.columns.map((c) => [c.name, c]));
    for (const column of table.columns) {
      const was = columns.get(column.name);
      columns.delete(column.name);
      if (!was) diff.addColumns.push({ table, column });
      else {
        const change = columnChange(table, was, column);
        if (change) diff.changeColumns.push(change);
      }
    }
    for (const column of columns.values()) diff.dropColumns.push({ table: before, column });
    const indexes = new Map(before.indexes.map((i) => [i.name, i]));
    for (const index of table.indexes) {
      const was = indexes.get(index.name);
      indexes.delete(index.name);
      if (was && same(was, index)) continue;
      if (was) diff.dropIndexes.push({ table, index: was });
      diff.createIndexes.push({ table, index });
    }
    for (const index of indexes.values()) diff.dropIndexes.push({ table, index });
    if (!same(before.search, table.search)) {
      const change: SearchChange = { table };
      if (before.search) change.from = before.search;
      if (table.search) change.to = table.search;
      diff.changeSearches.push(change);
    }
  }
  diff.dropTables.push(...old.values());
  return diff;
}
