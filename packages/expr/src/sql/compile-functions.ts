import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { parseDurationText } from '../duration-text.js';
import { DURATION_UNITS } from '../duration-units.js';
import { bound } from './bind-value.js';
import type { SqlCompiler } from './compiler.js';
import { boolResult, errorsOf, isNull } from './conditions.js';
import { compileDateOfParts, compileInstantOfParts } from './compile-date-parts.js';
import { charLength, stringTest } from './dialect-sql.js';
import { literal } from './literal.js';
import { STRING_METHODS, stringMethod } from './compile-string-functions.js';
import type { Frag, SqlValue } from './sql-value.js';

/** Errors of a function's operands, null operands included: a function of null is an error. */
function operandErrors(...values: SqlValue[]): Frag[] {
  return values.flatMap((v) => [...errorsOf(v), ...(v.nullable ? [isNull(v.sql)] : [])]);
}

/** size(), startsWith/endsWith/contains, duration(), today(), timestamp(). */
export function compileFunction(
  c: SqlCompiler,
  expr: Expr,
  name: string,
  target: SqlValue | undefined,
  args: SqlValue[],
): SqlValue {
  const d = c.dialect;
  const [first] = args;
  if (name === 'size') return size(c, expr, target ?? first);
  if (target && ['startsWith', 'endsWith', 'contains'].includes(name) && first) {
    if (target.kind !== 'string' || first.kind !== 'string')
      return c.fail(expr, `\`${name}\` runs in SQL on strings only.`);
    const cond: Frag = (ctx) => stringTest(d, name, target.sql(ctx), first.sql(ctx));
    return boolResult(cond, operandErrors(target, first));
  }
  if (target?.kind === 'string' && STRING_METHODS.has(name))
    return stringMethod(d, name, target, operandErrors(target));
  if (target) return c.failAtName(expr, name, `\`${name}\` cannot run in the database.`);
  switch (name) {
    case 'today':
      return {
        kind: 'date',
        sql: (ctx) => bound(d, 'date', ctx.today),
        nullable: false,
        errors: [],
      };
    case 'duration': {
      if (first?.kind === 'duration') return first;
      const ms = typeof first?.literal === 'string' ? parseDurationText(first.literal) : undefined;
      if (ms === undefined) return c.fail(expr, '`duration()` runs in SQL on a literal only.');
      return literal(d, 'duration', ms);
    }
    case 'minutes':
    case 'hours':
    case 'days':
    case 'weeks': {
      if (first?.kind !== 'int') return c.fail(expr, `\`${name}()\` runs in SQL on whole numbers.`);
      const unit = sql.lit(DURATION_UNITS[name]!);
      const ms: Frag = (ctx) => sql`(${first.sql(ctx)} * ${unit})`;
      return { kind: 'duration', sql: ms, nullable: first.nullable, errors: operandErrors(first) };
    }
    case 'date':
      return compileDateOfParts(c, expr, args);
    case 'timestamp': {
      if (args.length === 3) return compileInstantOfParts(c, expr, args);
      if (first?.kind === 'timestamp') return first;
      const ms = typeof first?.literal === 'string' ? Date.parse(first.literal) : NaN;
      if (Number.isNaN(ms)) return c.fail(expr, '`timestamp()` runs in SQL on a literal only.');
      return literal(d, 'timestamp', BigInt(ms));
    }
    default:
      return c.fail(expr, `\`${name}\` cannot run in the database.`);
  }
}

function size(c: SqlCompiler, expr: Expr, value: SqlValue | undefined): SqlValue {
  if (value?.kind === 'string') {
    const sqlOf: Frag = (ctx) => charLength(c.dialect, value.sql(ctx));
    return { kind: 'int', sql: sqlOf, nullable: value.nullable, errors: operandErrors(value) };
  }
  const list = value?.list;
  if (!value || !list) return c.fail(expr, '`size()` runs in SQL on strings and lists only.');
  if (list.kind === 'literal') return literal(c.dialect, 'int', BigInt(list.items.length));
  const errors = value.errors;
  if (list.kind === 'param') {
    const sqlOf: Frag = (ctx) => bound(c.dialect, 'int', BigInt(list.read(ctx)?.length ?? 0));
    return { kind: 'int', sql: sqlOf, nullable: false, errors };
  }
  const { table, ownerColumn } = list.table;
  const a = c.alias();
  const sqlOf: Frag = (ctx) =>
    sql`(SELECT COUNT(*) FROM ${sql.id(table)} AS ${sql.id(a)} WHERE ${sql.ref(`${a}.${ownerColumn}`)} = ${list.owner.sql(ctx)})`;
  return { kind: 'int', sql: sqlOf, nullable: false, errors };
}
