import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { decimalText, toDecimal } from '../decimal.js';
import { bound } from './bind-value.js';
import type { SqlCompiler } from './compiler.js';
import { boolResult, errorsOf } from './conditions.js';
import { nullSafeEquals } from './dialect-sql.js';
import type { BindContext } from './params.js';
import type { Frag, SqlKind, SqlValue } from './sql-value.js';

/** `input.name`: a value of the payload, known only when the condition is bound. */
export function inputValue(c: SqlCompiler, input: SqlValue, name: string, expr: Expr): SqlValue {
  if (input.inputName !== undefined)
    return c.fail(expr, 'A value inside an input value cannot be read in the database.');
  return { kind: 'input', sql: () => sql`NULL`, nullable: true, errors: [], inputName: name };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** A number as the canonical text a decimal is bound as. */
const decimalOf = (v: number | undefined) => {
  const d = v === undefined ? undefined : toDecimal(v);
  return d ? decimalText(d) : undefined;
};

/**
 * A payload value (JSON) in the SQL form of what it is compared with, as evaluate() reads a `dyn`
 * value facing that type: text as text, a reference's id as text or as the `id` of an object,
 * true/false, numbers as exact decimals (so 2 equals an integer 2, and 2.5 none). Undefined when it
 * cannot equal any value of that type (evaluate() then answers false for ==).
 */
const READ_AS: Partial<Record<SqlKind, { bind: SqlKind; read: (v: unknown) => unknown }>> = {
  string: { bind: 'string', read: (v) => (typeof v === 'string' ? v : undefined) },
  ref: {
    bind: 'ref',
    read: (v) =>
      typeof v === 'string' ? v : isObject(v) && typeof v.id === 'string' ? v.id : undefined,
  },
  bool: { bind: 'bool', read: (v) => (typeof v === 'boolean' ? v : undefined) },
  int: { bind: 'int', read: (v) => (Number.isSafeInteger(v) ? BigInt(v as number) : undefined) },
  double: { bind: 'double', read: (v) => decimalOf(number(v)) },
};

/** The payload's value of that name: undefined when the payload does not have it. */
function valueOf(ctx: BindContext, name: string): unknown {
  const input = ctx.params.input;
  return input !== undefined && Object.hasOwn(input, name) ? input[name] : undefined;
}

/**
 * `input.name == x` and `!=` (either way round), with x a column, a parameter or a literal of
 * text, a reference, a bool, a number or null. The comparison is chosen when the payload is bound:
 * a missing name is an error (as in evaluate(), where the guard then does not hold), a null
 * value tests x for null, and a value of another type is never equal.
 */
export function compileInputEquality(
  c: SqlCompiler,
  expr: Expr,
  op: string,
  a: SqlValue,
  b: SqlValue,
): SqlValue {
  const [input, other] = a.kind === 'input' ? [a, b] : [b, a];
  const name = input.inputName;
  if ((op !== '==' && op !== '!=') || name === undefined || other.kind === 'input')
    return c.fail(expr, '`input` can only be compared with == or != in the database.');
  const as = READ_AS[other.kind];
  if (!as && other.kind !== 'null')
    return c.fail(expr, `SQL cannot compare an input value with a ${other.kind}.`);
  const negate = op === '!=';
  const d = c.dialect;
  const answer = (equal: boolean) => sql.raw(equal !== negate ? 'TRUE' : 'FALSE');
  const missing: Frag = (ctx) => sql`(${sql.val(valueOf(ctx, name) === undefined ? 1 : 0)} = 1)`;
  const cond: Frag = (ctx) => {
    const value = valueOf(ctx, name);
    if (value === undefined) return answer(false); // an error: `missing` holds
    if (other.kind === 'null') return answer(value === null);
    if (value === null) return sql`(${other.sql(ctx)} ${sql.raw(negate ? 'IS NOT' : 'IS')} NULL)`;
    const read = as!.read(value);
    if (read === undefined) return answer(false);
    const given = bound(d, as!.bind, read);
    return other.nullable
      ? nullSafeEquals(d, other.sql(ctx), given, negate)
      : sql`(${other.sql(ctx)} ${sql.raw(negate ? '<>' : '=')} ${given})`;
  };
  return boolResult(cond, [...errorsOf(other), missing]);
}
