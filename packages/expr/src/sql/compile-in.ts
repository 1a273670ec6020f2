import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import type { SqlCompiler } from './compiler.js';
import { boolResult, errorsOf } from './conditions.js';
import { jsonStrings, nullSafeEquals } from './dialect-sql.js';
import type { Frag, SqlValue } from './sql-value.js';

/**
 * `x in [a, b]`, `x in user.roles`, `x in record.tags`. CEL's `in` uses its own equality, under
 * which a reference (a record) never equals an id: only strings, ints and bools are looked for.
 */
export function compileIn(c: SqlCompiler, expr: Expr, [x, list]: SqlValue[]): SqlValue {
  if (!x || !list?.list) return c.fail(expr, 'SQL can only look for a value in a list.');
  const items = list.list;
  const wanted = items.kind === 'literal' ? ['string', 'int', 'bool'] : ['string'];
  if (!wanted.includes(x.kind))
    return c.fail(expr, `SQL cannot look for a ${x.kind} in this list; compare with == instead.`);
  const errors = [...errorsOf(x), ...list.errors];
  const d = c.dialect;
  if (items.kind === 'param') {
    const json: Frag = (ctx) => sql.val(JSON.stringify(items.read(ctx) ?? []));
    const cond: Frag = (ctx) =>
      sql`EXISTS (SELECT 1 FROM ${jsonStrings(d, json(ctx))} AS sr_items WHERE sr_items.v = ${x.sql(ctx)})`;
    return boolResult(cond, errors);
  }
  if (items.kind === 'table') {
    const { table, ownerColumn, itemColumn } = items.table;
    const a = c.alias();
    const owner = items.owner;
    const cond: Frag = (ctx) =>
      sql`EXISTS (SELECT 1 FROM ${sql.id(table)} AS ${sql.id(a)} WHERE ${sql.ref(`${a}.${ownerColumn}`)} = ${owner.sql(ctx)} AND ${sql.ref(`${a}.${itemColumn}`)} = ${x.sql(ctx)})`;
    return boolResult(cond, errors);
  }
  for (const item of items.items) {
    if (item.kind !== x.kind && item.kind !== 'null')
      return c.fail(expr, `SQL cannot look for a ${x.kind} among ${item.kind} values.`);
    errors.push(...errorsOf(item));
  }
  if (items.items.length === 0) return boolResult(() => sql`FALSE`, errors);
  const nullable = x.nullable || items.items.some((i) => i.nullable);
  const cond: Frag = nullable
    ? (ctx) =>
        sql`(${sql.join(
          items.items.map((i) => nullSafeEquals(d, x.sql(ctx), i.sql(ctx), false)),
          sql` OR `,
        )})`
    : (ctx) => sql`(${x.sql(ctx)} IN (${sql.join(items.items.map((i) => i.sql(ctx)))}))`;
  return boolResult(cond, errors);
}
