import { sql, type RawBuilder } from 'kysely';
import type { ColumnChange } from './diff-schemas.js';
import type { ColumnSchema, TableSchema } from './schema-types.js';
import { everyRow, ident } from './sql-text.js';

/** What happens to existing rows when a column is added to or changed in an existing table. */
export interface ColumnFate {
  table: TableSchema;
  to: ColumnSchema;
  change?: ColumnChange;
  /** Rows (as they are now) whose value does not survive. */
  lost?: RawBuilder<unknown>;
  /** Rows left with no value although the column is required without default: deleted. */
  doomed?: RawBuilder<unknown>;
  /** Rows left with no value that the default fills. */
  filled?: RawBuilder<unknown>;
}

const notIn = (column: string, values: string[]) =>
  sql<unknown>`${ident(column)} NOT IN (${sql.join(values.map((v) => sql.lit(v)))})`;

/** A readable name for a column's type: "text", "money EUR", "reference to users". */
export function typeName(column: ColumnSchema): string {
  if (column.references) return `reference to ${column.references.table}`;
  if (column.type === 'money') return `money${column.currency ? ` ${column.currency}` : ''}`;
  return column.values ? `one of ${column.values.join(', ')}` : column.type;
}

/** The fate of rows when a column is added. */
export function addedColumnFate(table: TableSchema, to: ColumnSchema): ColumnFate {
  const fate: ColumnFate = { table, to };
  if (!to.nullable && to.default === undefined) fate.doomed = everyRow;
  return fate;
}

/** The fate of rows when a column changes. */
export function changedColumnFate(change: ColumnChange): ColumnFate {
  const { table, to } = change;
  const c = ident(to.name);
  const fate: ColumnFate = { table, to, change };
  let empty: RawBuilder<unknown> | undefined;
  if (change.retype) {
    fate.lost = sql`${c} IS NOT NULL`;
    empty = everyRow;
  } else if (change.narrowTo) {
    fate.lost = notIn(to.name, change.narrowTo);
    empty = change.tighten ? sql`(${c} IS NULL OR ${fate.lost})` : fate.lost;
  } else if (change.tighten) {
    empty = sql`${c} IS NULL`;
  }
  if (empty && !to.nullable) {
    if (to.default === undefined) fate.doomed = empty;
    else fate.filled = empty;
  }
  return fate;
}
