import { sql } from 'kysely';
import type { CallNode, Expr } from '../ast.js';
import { identName } from '../ast.js';
import type { Aggregate } from '../aggregates.js';
import { compileDecimal } from './compile-decimal.js';
import { compileNode } from './compile-node.js';
import type { SqlCompiler } from './compiler.js';
import { asCondition, errorsOf } from './conditions.js';
import { byCodePoint } from './dialect-sql.js';
import { rowRecord } from './roots.js';
import { SQLITE_DECIMAL_AGGREGATES } from './sqlite-decimal-aggregates.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

type Raw = ReturnType<Frag>;

/**
 * `sum(Entity, r, value, cond)` (min, max, avg) as a correlated `(SELECT SUM(value) … WHERE
 * cond)`, so that a pinned condition finds its rows by an index as a count's does. A sum of no
 * records is 0 of its type; min, max and avg of none are null, as an empty optional field is.
 * Records whose value is null are left out, as SQL leaves them out. When the condition can be an
 * error for some row, or the value for a row the condition keeps, the aggregate is an error.
 */
export function compileAggregate(
  c: SqlCompiler,
  expr: Expr,
  call: CallNode,
  fn: Aggregate,
): SqlValue {
  const [entityArg, variableArg, valueArg, conditionArg] = call.args;
  const entity = entityArg && identName(entityArg);
  const variable = variableArg && identName(variableArg);
  if (!entity || !variable || !valueArg || !conditionArg)
    return c.fail(expr, `${fn}() needs four arguments.`);
  const table = c.mapping.table(entity) ?? c.fail(expr, `${entity} has no table.`);
  const alias = c.alias();
  const [value, test] = c.withLocal(variable, rowRecord(entity, alias), () => [
    compileNode(c, valueArg),
    compileNode(c, conditionArg),
  ]);
  if (!value || test?.kind !== 'bool') return c.fail(expr, `${fn}()'s condition must be a bool.`);
  const cond = asCondition(test);
  const from = sql`${sql.id(table)} AS ${sql.id(alias)}`;
  const over =
    (aggregate: (v: Raw) => Raw): Frag =>
    (ctx) =>
      sql`(SELECT ${aggregate(exactOf(value)(ctx))} FROM ${from} WHERE ${cond(ctx)})`;
  const failing = [...errorsOf(value)];
  const errors: Frag[] =
    test.nullable || test.errors.length > 0 || failing.length > 0
      ? [(ctx) => sql`EXISTS (SELECT 1 FROM ${from} WHERE ${failsFor(cond, failing)(ctx)})`]
      : [];
  const kind = value.kind;
  const scale = value.scale === undefined ? {} : { scale: value.scale };
  if (fn === 'avg') return average(c, expr, value, over, errors);
  if (fn === 'sum') {
    const sqlOf = over((v) => sumOf(c, kind, v));
    return {
      kind,
      sql: sqlOf,
      nullable: errors.length > 0,
      errors,
      ...scale,
      ...exact(kind, sqlOf),
    };
  }
  const sqlOf = over((v) => extremeOf(c, fn, kind, v));
  return { kind, sql: sqlOf, nullable: true, errors, ...scale, ...exact(kind, sqlOf) };
}

/** A decimal by its exact value (canonical text on SQLite, numeric on PostgreSQL). */
function exactOf(v: SqlValue): Frag {
  return v.exactDecimal ?? v.sql;
}

function exact(kind: SqlKind, sqlOf: Frag): Pick<SqlValue, 'exactDecimal'> {
  return kind === 'double' ? { exactDecimal: sqlOf } : {};
}

/** A row is an error when its condition is, or when its value is and the condition holds. */
function failsFor(cond: Frag, valueErrors: Frag[]): Frag {
  return (ctx) => {
    const test = cond(ctx);
    if (valueErrors.length === 0) return sql`(${test}) IS NULL`;
    const any = sql.join(
      valueErrors.map((e) => e(ctx)),
      sql` OR `,
    );
    return sql`((${test}) IS NULL OR ((${test}) AND (${any})))`;
  };
}

/** The sum, 0 of its type when no record gives a value. */
function sumOf(c: SqlCompiler, kind: SqlKind, v: Raw): Raw {
  if (kind === 'double') {
    if (c.dialect === 'postgres') return sql`COALESCE(SUM(CAST(${v} AS numeric)), 0)`;
    return sql`COALESCE(${sql.raw(SQLITE_DECIMAL_AGGREGATES.sum)}(${v}), '0')`;
  }
  // PostgreSQL sums bigints as numeric: back to the integer every other integer is.
  if (c.dialect === 'postgres') return sql`CAST(COALESCE(SUM(${v}), 0) AS bigint)`;
  return sql`COALESCE(SUM(${v}), 0)`;
}

/** The least or greatest value: numbers by value, text by code point, on every dialect. */
function extremeOf(c: SqlCompiler, fn: 'min' | 'max', kind: SqlKind, v: Raw): Raw {
  if (kind === 'double' && c.dialect === 'sqlite')
    return sql`${sql.raw(SQLITE_DECIMAL_AGGREGATES[fn])}(${v})`;
  const operand = kind === 'string' ? byCodePoint(c.dialect, v) : v;
  return fn === 'min' ? sql`MIN(${operand})` : sql`MAX(${operand})`;
}

/**
 * The average as a decimal: the exact sum divided by how many records gave a value, rounded as
 * a decimal division is (compile-decimal.ts). No value at all is null: a null sum over 0.
 */
function average(
  c: SqlCompiler,
  expr: Expr,
  value: SqlValue,
  over: (aggregate: (v: Raw) => Raw) => Frag,
  errors: Frag[],
): SqlValue {
  const total: SqlValue = {
    kind: value.kind === 'double' ? 'double' : 'int',
    sql: over((v) =>
      value.kind === 'double' && c.dialect === 'sqlite'
        ? sql`${sql.raw(SQLITE_DECIMAL_AGGREGATES.sum)}(${v})`
        : sql`SUM(${v})`,
    ),
    nullable: true,
    errors,
  };
  const many: SqlValue = {
    kind: 'int',
    sql: over((v) => sql`COUNT(${v})`),
    nullable: false,
    errors: [],
  };
  const result = (kind: SqlKind, sqlOf: Frag, _scale?: number, extra: Frag[] = []): SqlValue => ({
    kind,
    sql: sqlOf,
    nullable: true,
    errors: [...errors, ...extra],
  });
  return compileDecimal(c, expr, '/', total, many, result);
}
