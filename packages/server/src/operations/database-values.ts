import { computedColumnSql, type SqlMapping } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { RawBuilder } from 'kysely';
import { userRecord } from '../callers/user-record.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { ComputedValues } from '../store/list-records.js';
import type { OperationContext } from './operation-context.js';

/** The SQL of an entity's database-computed fields for one request, by field name. */
export type DatabaseValues = (ctx: Pick<OperationContext, 'actor' | 'now'>) => ComputedValues;

/**
 * How the computed fields the database works out are read for one request: each as an
 * expression over the table's rows, with the caller as `user` and the request's instant as
 * `now`, so a page's values (and what depends on the reader) come from the page's one statement.
 */
export function prepareDatabaseValues(
  model: AppModel,
  entity: string,
  table: EntityTable,
  mapping: SqlMapping,
  names: readonly string[],
): DatabaseValues {
  const columns = names.map((name) => ({ name, column: mapping.column(entity, name)! }));
  const timeZone = model.properties.timeZone;
  return (ctx) => {
    if (columns.length === 0) return {};
    const params = { user: userRecord(ctx.actor), now: ctx.now };
    const values: Record<string, RawBuilder<unknown>> = {};
    for (const { name, column } of columns) {
      const value = computedColumnSql(column, table.table, params, timeZone);
      if (value) values[name] = value;
    }
    return values;
  };
}
