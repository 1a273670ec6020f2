import { expressionBuilder, sql, type RawBuilder } from 'kysely';
import type { EntityTable } from './entity-tables.js';
import type { WhereInput } from './list-records.js';
import type { ColumnSchema } from './schema-types.js';

/**
 * A field of the record each row refers to (`event.title` of a booking), as a list sorts by it:
 * its SQL for the rows of the listed table, and its column as the referenced table stores it.
 */
export interface ReferencedValue {
  column: ColumnSchema;
  value: RawBuilder<unknown>;
}

// The referenced table's name inside the subquery: the listed table may be the same one
// (an issue's parent issue), and its own name must still reach the outer row.
const TARGET = sql.id('_referenced');

/**
 * `field` of the record referred to through `reference`, for each row of `table`: a correlated
 * subquery on `target`, empty when the reference is. With `where` (the reader's condition on the
 * target, naming its table by its own name, as a list's condition does), a record the reader may
 * not read gives an empty value too, so the order tells nothing of what they may not see.
 */
export function referencedValue(
  table: EntityTable,
  reference: string,
  target: EntityTable,
  field: string,
  where?: WhereInput,
): ReferencedValue {
  const column = target.columnByName.get(field);
  if (!column) throw new Error(`${target.entity} has no column ${field}`);
  const id = sql.ref(`${table.table}.${reference}`);
  const condition = typeof where === 'function' ? where(expressionBuilder()) : where;
  const readable = condition
    ? sql`AND ${TARGET}.${sql.id('id')} IN (SELECT ${sql.ref(`${target.table}.id`)} FROM ${sql.table(target.table)} WHERE ${condition})`
    : sql``;
  const value = sql`(SELECT ${TARGET}.${sql.id(field)} FROM ${sql.table(target.table)} AS ${TARGET} WHERE ${TARGET}.${sql.id('id')} = ${id} ${readable})`;
  return { column: { ...column, nullable: true }, value };
}
