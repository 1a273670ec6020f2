import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { dateStart } from './align.js';
import type { SqlCompiler } from './compiler.js';
import { errorsOf, isNull } from './conditions.js';
import type { Frag, SqlValue } from './sql-value.js';

type Raw = ReturnType<Frag>;

const clamp = (v: Raw, low: number, high: number) =>
  sql`(CASE WHEN ${v} < ${sql.lit(low)} THEN ${sql.lit(low)} WHEN ${v} > ${sql.lit(high)} THEN ${sql.lit(high)} ELSE ${v} END)`;

/** A function of null, or of a part that is an error, is an error. */
function partErrors(parts: SqlValue[]): Frag[] {
  return parts.flatMap((v) => [...errorsOf(v), ...(v.nullable ? [isNull(v.sql)] : [])]);
}

function ints(c: SqlCompiler, expr: Expr, name: string, parts: SqlValue[]): void {
  if (parts.some((p) => p.kind !== 'int')) c.fail(expr, `\`${name}()\` runs in SQL on integers.`);
}

/** The condition that y-m-d is no date: the rule of date-parts.ts, in SQL. */
function noSuchDate(y: Raw, m: Raw, d: Raw): Raw {
  const leap = sql`((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  const days = sql`(CASE WHEN ${m} = 2 THEN (CASE WHEN ${leap} THEN 29 ELSE 28 END) WHEN ${m} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`;
  return sql`(NOT (${y} BETWEEN 1 AND 9999 AND ${m} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${days}))`;
}

/**
 * `date(y, m, d)`: an error where there is no such date (see date-parts.ts). The date itself is
 * made from parts held in range, so that PostgreSQL never raises on the rows the error excludes.
 */
export function compileDateOfParts(c: SqlCompiler, expr: Expr, parts: SqlValue[]): SqlValue {
  const [y, m, d] = parts;
  if (!y || !m || !d) return c.fail(expr, '`date()` takes a year, a month and a day.');
  ints(c, expr, 'date', parts);
  const invalid: Frag = (ctx) => noSuchDate(y.sql(ctx), m.sql(ctx), d.sql(ctx));
  const sqlOf: Frag = (ctx) => {
    const [year, month, day] = [
      clamp(y.sql(ctx), 1, 9999),
      clamp(m.sql(ctx), 1, 12),
      clamp(d.sql(ctx), 1, 31),
    ];
    if (c.dialect === 'sqlite') return sql`printf('%04d-%02d-%02d', ${year}, ${month}, ${day})`;
    return sql`(make_date(CAST(${year} AS integer), CAST(${month} AS integer), 1) + CAST(${day} AS integer) - 1)`;
  };
  const errors = [...partErrors(parts), invalid];
  return { kind: 'date', sql: sqlOf, nullable: true, errors };
}

/**
 * `timestamp(date, h, m)`: the instant the application's wall clock shows h:m on the date, in
 * milliseconds as every compiled instant is. SQLite places dates in UTC only (see dateStart).
 */
export function compileInstantOfParts(c: SqlCompiler, expr: Expr, parts: SqlValue[]): SqlValue {
  const [date, h, m] = parts;
  if (!date || !h || !m || date.kind !== 'date')
    return c.fail(expr, '`timestamp()` takes a date, an hour and a minute.');
  ints(c, expr, 'timestamp', [h, m]);
  const invalid: Frag = (ctx) =>
    sql`(NOT (${h.sql(ctx)} BETWEEN 0 AND 23 AND ${m.sql(ctx)} BETWEEN 0 AND 59))`;
  const start = dateStart(c, expr);
  const sqlOf: Frag = (ctx) => {
    const [hour, minute] = [clamp(h.sql(ctx), 0, 23), clamp(m.sql(ctx), 0, 59)];
    if (c.dialect === 'sqlite')
      return sql`(${start(date.sql(ctx))} + ${hour} * 3600000 + ${minute} * 60000)`;
    const wall = sql`(CAST(${date.sql(ctx)} AS timestamp) + make_interval(hours => CAST(${hour} AS integer), mins => CAST(${minute} AS integer)))`;
    return sql`CAST(ROUND(EXTRACT(EPOCH FROM (${wall} AT TIME ZONE ${sql.val(c.timeZone)})) * 1000) AS bigint)`;
  };
  return { kind: 'timestamp', sql: sqlOf, nullable: true, errors: [...partErrors(parts), invalid] };
}
