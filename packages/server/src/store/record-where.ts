import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import { selection, type WhereInput } from './list-records.js';

/** A statement as text and the values it is run with. */
export interface BoundStatement {
  sql: string;
  parameters: readonly unknown[];
}

// Statement texts by table and by the condition's own text. A condition's text depends on its
// shape, not on its values (the user's id is a parameter), so each table keeps a handful.
const texts = new WeakMap<EntityTable, Map<string, string>>();
const MAX_SHAPES = 200;

const asExpression = (where: WhereInput): Expression<SqlBool> =>
  typeof where === 'function' ? where(expressionBuilder()) : where;

/** The whole read as Kysely builds it: every column, by id, under the condition. */
const fullQuery = (db: Db, table: EntityTable, id: string, where: Expression<SqlBool>) =>
  db.selectFrom(table.table).select(selection(table)).where('id', '=', id).where(where).compile();

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The statement that reads one stored record by id when it also meets `where` (a caller's read
 * condition). Its text is worked out once per condition shape: only the condition is compiled
 * per request, not the query around it (its every column, on every transition and update). The
 * id's parameter comes first, then the condition's, as the whole query binds them; the first
 * compilation of a shape checks that it does, else the shape is compiled whole every time.
 */
export function recordWhereStatement(
  db: Db,
  table: EntityTable,
  id: string,
  where: WhereInput,
): BoundStatement {
  const expression = asExpression(where);
  const condition = sql<SqlBool>`${expression}`.compile(db);
  const parameters = [id, ...condition.parameters];
  let byShape = texts.get(table);
  if (!byShape) texts.set(table, (byShape = new Map()));
  const known = byShape.get(condition.sql);
  if (known !== undefined) return { sql: known, parameters };
  const full = fullQuery(db, table, id, expression);
  if (!sameValues(full.parameters, parameters)) return full;
  if (byShape.size >= MAX_SHAPES) byShape.clear();
  byShape.set(condition.sql, full.sql);
  return full;
}
