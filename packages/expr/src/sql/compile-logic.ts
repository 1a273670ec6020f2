import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import type { SqlCompiler } from './compiler.js';
import { asCondition, errorsOf, isNull } from './conditions.js';
import type { Frag, SqlValue } from './sql-value.js';

const bool = (sqlOf: Frag, ...operands: SqlValue[]): SqlValue => ({
  kind: 'bool',
  sql: sqlOf,
  nullable: operands.some((v) => v.nullable || v.errors.length > 0),
  errors: [],
  nullIsError: true,
});

/** `&&`, `||`, `!` and `c ? a : b`. SQL's three-valued logic treats NULL as CEL treats errors. */
export function compileLogic(c: SqlCompiler, expr: Expr, name: string, args: SqlValue[]): SqlValue {
  const [a, b, third] = args;
  if (!a) return c.fail(expr, 'An operator needs operands.');
  if (name === '_?_:_') return ternary(c, expr, a, b!, third!);
  const x = asCondition(a);
  if (name === '!_') return bool((ctx) => sql`(NOT ${x(ctx)})`, a);
  const y = asCondition(b!);
  const op = sql.raw(name === '_&&_' ? 'AND' : 'OR');
  return bool((ctx) => sql`(${x(ctx)} ${op} ${y(ctx)})`, a, b!);
}

function ternary(c: SqlCompiler, expr: Expr, cond: SqlValue, a: SqlValue, b: SqlValue): SqlValue {
  const [x, y] = a.kind === 'null' ? [b, a] : [a, b];
  const fits = y.kind === 'null' || (x.kind === y.kind && x.scale === y.scale);
  if (!fits || x.kind === 'list' || x.kind === 'ref')
    return c.fail(expr, 'SQL can only choose between two values of the same type.');
  const test = asCondition(cond);
  const when =
    (f: Frag, e: Frag): Frag =>
    (ctx) =>
      sql`(${f(ctx)} AND ${e(ctx)})`;
  const notTest: Frag = (ctx) => sql`(NOT ${test(ctx)})`;
  const errors = [
    isNull(test),
    ...errorsOf(a).map((e) => when(test, e)),
    ...errorsOf(b).map((e) => when(notTest, e)),
  ];
  // The branches' literal values (x.decimal, x.literal) say nothing about the choice.
  return {
    kind: x.kind,
    ...(x.scale === undefined ? {} : { scale: x.scale }),
    sql: (ctx) =>
      sql`(CASE WHEN ${test(ctx)} THEN ${a.sql(ctx)} WHEN ${notTest(ctx)} THEN ${b.sql(ctx)} END)`,
    nullable: true,
    errors,
    nullIsError: false,
  };
}
