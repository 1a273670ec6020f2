import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { dateStart } from './align.js';
import type { SqlCompiler } from './compiler.js';
import { errorsOf } from './conditions.js';
import { compileDecimal, negateDecimal } from './compile-decimal.js';
import { compileMoney } from './compile-money.js';
import { addDays, daysBetween } from './dialect-sql.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

const DAY_MS = sql.raw('86400000');

/** `+ - * / %` on numbers, strings, money, timestamps, durations and dates. Null gives null. */
export function compileArithmetic(
  c: SqlCompiler,
  expr: Expr,
  op: string,
  [a, b]: SqlValue[],
): SqlValue {
  if (!a || !b) return c.fail(expr, 'An operator needs two operands.');
  const result = (kind: SqlKind, sqlOf: Frag, scale?: number, errors: Frag[] = []): SqlValue => ({
    kind,
    sql: sqlOf,
    nullable: a.nullable || b.nullable || errors.length > 0,
    errors: [...errorsOf(a), ...errorsOf(b), ...errors],
    ...(scale === undefined ? {} : { scale }),
  });
  const plain = (kind: SqlKind, x: Frag = a.sql, y: Frag = b.sql) =>
    result(kind, (ctx) => sql`(${x(ctx)} ${sql.raw(op)} ${y(ctx)})`);
  const numeric = (k: SqlKind) => k === 'int' || k === 'double';
  const pair = `${a.kind} ${op} ${b.kind}`;
  if (a.kind === 'int' && b.kind === 'int') {
    if (op === '/' || op === '%') divisor(c, expr, b);
    return plain('int');
  }
  if (numeric(a.kind) && numeric(b.kind)) return compileDecimal(c, expr, op, a, b, result);
  switch (pair) {
    case 'string + string':
      return result('string', (ctx) => sql`(${a.sql(ctx)} || ${b.sql(ctx)})`);
    case 'timestamp + duration':
    case 'duration + timestamp':
    case 'timestamp - duration':
      return plain('timestamp');
    case 'duration + duration':
    case 'duration - duration':
    case 'timestamp - timestamp':
      return plain('duration');
    case 'date - date':
      return result(
        'duration',
        (ctx) => sql`(${daysBetween(c.dialect, a.sql(ctx), b.sql(ctx))} * ${DAY_MS})`,
      );
    case 'date - timestamp':
    case 'timestamp - date': {
      const start = dateStart(c, expr);
      const ms = (v: SqlValue): Frag => (v.kind === 'date' ? (ctx) => start(v.sql(ctx)) : v.sql);
      return plain('duration', ms(a), ms(b));
    }
    case 'date + duration':
    case 'duration + date':
    case 'date - duration': {
      const [date, duration] = a.kind === 'date' ? [a, b] : [b, a];
      const sign = sql.raw(op === '-' ? '-' : '');
      return result('date', (ctx) =>
        addDays(c.dialect, date.sql(ctx), sql`${sign}${wholeDays(c, duration.sql(ctx))}`),
      );
    }
  }
  return compileMoney(c, expr, op, a, b, result);
}

function divisor(c: SqlCompiler, expr: Expr, b: SqlValue): void {
  // Division by zero is a CEL error, NULL on SQLite and an error on PostgreSQL: only literals pass.
  const value = b.literal;
  const nonZero = (typeof value === 'bigint' || typeof value === 'number') && Number(value) !== 0;
  if (!nonZero) c.fail(expr, 'SQL divides only by a literal other than zero.');
}

/** The whole days of a duration in milliseconds, truncated towards zero as CEL does. */
function wholeDays(c: SqlCompiler, ms: ReturnType<Frag>) {
  if (c.dialect === 'sqlite') return sql`CAST(${ms} / ${DAY_MS} AS INTEGER)`;
  return sql`CAST(trunc(CAST(${ms} AS double precision) / ${DAY_MS}) AS integer)`;
}

/** Unary minus. */
export function compileNegation(c: SqlCompiler, expr: Expr, a: SqlValue): SqlValue {
  if (!['int', 'double', 'money', 'duration'].includes(a.kind))
    return c.fail(expr, `SQL cannot negate ${a.kind}.`);
  const { decimal, literal, ...rest } = a;
  const negated = decimal ? { decimal: { ...decimal, units: -decimal.units } } : {};
  const lit =
    typeof literal === 'bigint' || typeof literal === 'number' ? { literal: -literal } : {};
  if (a.kind === 'double') {
    // A decimal stays exact: its negation is as exact as it is.
    const sqlOf = negateDecimal(c, a);
    return { ...rest, ...negated, ...lit, exactDecimal: sqlOf, sql: sqlOf };
  }
  const sqlOf: Frag = (ctx) => sql`(- ${a.sql(ctx)})`;
  return { ...rest, ...negated, ...lit, exactDecimal: undefined, sql: sqlOf };
}
