import { sql } from 'kysely';
import type { CallNode, Expr } from '../ast.js';
import { identName } from '../ast.js';
import { compileNode } from './compile-node.js';
import type { SqlCompiler } from './compiler.js';
import { asCondition } from './conditions.js';
import { rowRecord } from './roots.js';
import type { Frag, SqlValue } from './sql-value.js';

/**
 * `count(Entity, r, cond)` as a correlated `(SELECT COUNT(*) …)`. When the condition can be an
 * error for some row, CEL's count is an error: the subquery then answers NULL.
 */
export function compileCount(c: SqlCompiler, expr: Expr, call: CallNode): SqlValue {
  const [entityArg, variableArg, conditionArg] = call.args;
  const entity = entityArg && identName(entityArg);
  const variable = variableArg && identName(variableArg);
  if (!entity || !variable || !conditionArg) return c.fail(expr, 'count() needs three arguments.');
  const table = c.mapping.table(entity) ?? c.fail(expr, `${entity} has no table.`);
  const alias = c.alias();
  const value = c.withLocal(variable, rowRecord(entity, alias), () => compileNode(c, conditionArg));
  if (value.kind !== 'bool') return c.fail(expr, "count()'s condition must be a bool.");
  const cond = asCondition(value);
  const from = sql`${sql.id(table)} AS ${sql.id(alias)}`;
  if (!value.nullable && value.errors.length === 0) {
    const sqlOf: Frag = (ctx) => sql`(SELECT COUNT(*) FROM ${from} WHERE ${cond(ctx)})`;
    return { kind: 'int', sql: sqlOf, nullable: false, errors: [] };
  }
  const sqlOf: Frag = (ctx) => {
    const test = cond(ctx);
    return sql`(SELECT CASE WHEN COUNT(CASE WHEN ${test} IS NULL THEN 1 END) > 0 THEN NULL ELSE COUNT(CASE WHEN ${test} THEN 1 END) END FROM ${from})`;
  };
  return { kind: 'int', sql: sqlOf, nullable: true, errors: [], nullIsError: true };
}
