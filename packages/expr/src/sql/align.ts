import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { rescale } from '../decimal.js';
import { bound } from './bind-value.js';
import type { SqlCompiler } from './compiler.js';
import { dateStartMs } from './dialect-sql.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

/** Two operands brought to one representation, so that SQL can compare or combine them. */
export type Aligned = { left: Frag; right: Frag; kind: SqlKind; scale?: number };

const SAME = new Set<SqlKind>([
  'int',
  'double',
  'string',
  'bool',
  'timestamp',
  'duration',
  'date',
  'ref',
]);

/** Minor units of `v` brought up to `scale` digits (money, ints, and number literals). */
export function unitsAt(c: SqlCompiler, v: SqlValue, scale: number, expr: Expr): Frag {
  if (v.kind === 'money') {
    const k = scale - (v.scale ?? 0);
    return k === 0 ? v.sql : (ctx) => sql`(${v.sql(ctx)} * ${sql.raw(String(10n ** BigInt(k)))})`;
  }
  if (v.decimal && v.decimal.scale <= scale) {
    const units = rescale(v.decimal, scale).units;
    return () => bound(c.dialect, 'money', units);
  }
  if (v.kind === 'int') return unitsAt(c, { ...v, kind: 'money', scale: 0 }, scale, expr);
  return c.fail(expr, 'Money can only be compared with money, integers and number literals here.');
}

/** The scale two money-like operands share. */
export function sharedScale(a: SqlValue, b: SqlValue): number {
  const scaleOf = (v: SqlValue) => (v.kind === 'money' ? (v.scale ?? 0) : (v.decimal?.scale ?? 0));
  return Math.max(scaleOf(a), scaleOf(b));
}

/** Aligns two operands for comparison; fails when SQL cannot compare them as CEL does. */
export function align(c: SqlCompiler, expr: Expr, a: SqlValue, b: SqlValue): Aligned {
  if (a.kind === b.kind && SAME.has(a.kind)) return { left: a.sql, right: b.sql, kind: a.kind };
  const kinds = new Set([a.kind, b.kind]);
  const only = (...ks: SqlKind[]) => [...kinds].every((k) => ks.includes(k));
  if (only('ref', 'string')) return { left: a.sql, right: b.sql, kind: 'string' };
  if (kinds.has('money') && only('money', 'int', 'double')) {
    const scale = sharedScale(a, b);
    return {
      left: unitsAt(c, a, scale, expr),
      right: unitsAt(c, b, scale, expr),
      kind: 'money',
      scale,
    };
  }
  if (only('date', 'timestamp')) {
    const start = dateStart(c, expr);
    const ms = (v: SqlValue): Frag => (v.kind === 'date' ? (ctx) => start(v.sql(ctx)) : v.sql);
    return { left: ms(a), right: ms(b), kind: 'timestamp' };
  }
  return c.fail(expr, `SQL cannot compare ${a.kind} with ${b.kind} here.`);
}

/** The instant a date starts in the application's time zone, as milliseconds. */
export function dateStart(c: SqlCompiler, expr: Expr) {
  const zone = c.timeZone;
  if (c.dialect === 'sqlite' && !['UTC', 'Etc/UTC'].includes(zone))
    c.fail(expr, `SQLite cannot place a date in the time zone ${zone}; compare dates with dates.`);
  return (date: ReturnType<Frag>) =>
    dateStartMs(c.dialect, date, c.dialect === 'postgres' ? sql.val(zone) : undefined);
}
