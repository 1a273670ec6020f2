import { columnDecoder, InvalidValuesError, toDriver, type ValueIssue } from './column-codec.js';
import { fileListItems, type FileListItem, type FileListWrite } from './file-list-values.js';
import { fileWrite, storedFileText, type FileWrite } from './file-values.js';
import { converter } from './object-shapes.js';
import type { ColumnSchema } from './schema-types.js';
import type { EntityTable } from './entity-tables.js';
import { canonicalValue } from './wire-values.js';

/** A record as it travels on the wire: field names to JSON values. */
export type WireRecord = Record<string, unknown>;

/** The fields the engine sets; `id` and `createdBy` may be given on insert only. */
const ENGINE_SET = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'version']);
const SETTABLE_ON_INSERT = new Set(['id', 'createdBy']);

/** Values split by where they are stored: the row's columns, join tables, file tables, roles. */
export interface EncodedValues {
  columns: Record<string, unknown>;
  lists: Map<string, string[]>;
  /** The files written, by field: their bytes go to the field's table, null removes them. */
  files: Map<string, FileWrite | null>;
  /**
   * The lists of files written, by field, as sent: new files and stored ones kept. Worked out
   * against the stored lists (see resolveFileLists) into `fileWrites` and the columns.
   */
  fileLists: Map<string, FileListItem[]>;
  fileWrites: Map<string, FileListWrite>;
  roles?: string[];
}

function idList(field: string, value: unknown, issues: ValueIssue[]): string[] | undefined {
  const ok = Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (ok && new Set(value).size === value.length) return value as string[];
  const message = ok ? 'lists the same item twice' : 'must be a list of ids';
  issues.push({ field, code: 'INVALID_VALUE', message });
  return undefined;
}

/** Checks and converts wire values for a write; throws InvalidValuesError listing every problem. */
export function encodeValues(
  table: EntityTable,
  values: WireRecord,
  mode: 'insert' | 'update',
): EncodedValues {
  const issues: ValueIssue[] = [];
  const encoded: EncodedValues = {
    columns: {},
    lists: new Map(),
    files: new Map(),
    fileLists: new Map(),
    fileWrites: new Map(),
  };
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = table.lists.find((l) => l.field === field);
    const column = table.columnByName.get(field);
    if (list) {
      const ids = idList(field, value ?? [], issues);
      if (ids) encoded.lists.set(field, ids);
    } else if (field === 'roles' && table.rolesTable) {
      const roles = idList(field, value ?? [], issues);
      if (roles) encoded.roles = roles;
    } else if (!column) {
      issues.push({ field, code: 'UNKNOWN_FIELD', message: `is not a field of ${table.entity}` });
    } else if (ENGINE_SET.has(field) && !(mode === 'insert' && SETTABLE_ON_INSERT.has(field))) {
      issues.push({ field, code: 'READ_ONLY', message: 'is set by the engine' });
    } else if (column.type === 'file') {
      const file = fileWrite(field, value, issues);
      if (file === undefined) continue;
      encoded.files.set(field, file);
      encoded.columns[field] = file && storedFileText(file);
    } else if (column.type === 'files') {
      const items = fileListItems(field, value, issues);
      if (items) encoded.fileLists.set(field, items);
    } else {
      const canonical = canonicalValue(column, value);
      if (canonical.ok) encoded.columns[field] = toDriver(column, canonical.value, table.dialect);
      else issues.push({ field, code: 'INVALID_VALUE', message: canonical.problem });
    }
  }
  if (issues.length > 0) throw new InvalidValuesError(issues);
  return encoded;
}

/** Reads a table's rows: each column's decoder chosen once (see columnDecoder). */
export function rowDecoder(
  columns: readonly ColumnSchema[],
): (row: Record<string, unknown>) => WireRecord {
  return converter(
    columns.map((c) => c.name),
    columns.map((c) => columnDecoder(c)),
  );
}

/** A row as read from either driver, in wire form. */
export function decodeRow(table: EntityTable, row: Record<string, unknown>): WireRecord {
  return table.decode(row);
}
