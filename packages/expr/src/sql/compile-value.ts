import type { AppModel } from '@specrun/model';
import { sql, type RawBuilder } from 'kysely';
import { typeExpression } from '../check-expression.js';
import type { ExprIssue } from '../issues.js';
import type { ExprScope } from '../scope.js';
import { compileNode } from './compile-node.js';
import { SqlCompiler } from './compiler.js';
import { errorsOf, guarded } from './conditions.js';
import type { SqlColumn, SqlDialect, SqlMapping } from './mapping.js';
import { NotCompilable, notCompilableIssue } from './not-compilable.js';
import { bindContext, type BindContext, type SqlParams } from './params.js';
import { rootValues } from './roots.js';
import type { Frag, SqlValue } from './sql-value.js';

/** A value compiled once, in its column's stored form; `sql` binds one request's values. */
export type SqlValueResult =
  | {
      ok: true;
      sql: (params?: SqlParams) => RawBuilder<unknown>;
      /** The same, inside a binding already under way (a value read by another expression). */
      bind: Frag;
    }
  | { ok: false; issues: ExprIssue[] };

/**
 * Where the value goes, and how `record` is read: each row of a query under an alias, or the
 * record bound as the `record` parameter (a rule's record as it would be saved).
 */
export interface SqlValueOptions {
  column: Pick<SqlColumn, 'type' | 'scale'>;
  row: string | 'params';
  /** Written before the aliases of the value's own subqueries, so none shadows an enclosing one. */
  aliasPrefix?: string;
}

/** Milliseconds since the epoch as a stored datetime: ISO text on SQLite, timestamptz on PG. */
function storedInstant(d: SqlDialect, ms: RawBuilder<unknown>): RawBuilder<unknown> {
  if (d === 'postgres') return sql`to_timestamp(${ms} / 1000.0)`;
  const seconds = sql`strftime('%Y-%m-%dT%H:%M:%S', ${ms} / 1000, 'unixepoch')`;
  return sql`(${seconds} || printf('.%03dZ', ${ms} % 1000))`;
}

/** The value in the form its column would hold it, or undefined when the kinds do not agree. */
function storedForm(
  d: SqlDialect,
  v: SqlValue,
  column: SqlValueOptions['column'],
): Frag | undefined {
  switch (column.type) {
    case 'integer':
      return v.kind === 'int' ? v.sql : undefined;
    case 'money':
      return v.kind === 'money' && (v.scale ?? 2) === (column.scale ?? 2) ? v.sql : undefined;
    case 'decimal': {
      if (v.kind !== 'int' && v.kind !== 'double') return undefined;
      const exact = v.exactDecimal ?? v.sql;
      // SQLite keeps decimals as canonical text: an integer's digits are that text.
      if (d === 'postgres') return (ctx) => sql`CAST(${exact(ctx)} AS numeric)`;
      return v.kind === 'int' ? (ctx) => sql`CAST(${exact(ctx)} AS TEXT)` : exact;
    }
    case 'boolean':
      return v.kind === 'bool' ? v.sql : undefined;
    case 'text':
      return v.kind === 'string' ? v.sql : undefined;
    case 'id':
      return v.kind === 'ref' ? v.sql : undefined;
    case 'date':
      return v.kind === 'date' ? v.sql : undefined;
    case 'datetime':
      return v.kind === 'timestamp' ? (ctx) => storedInstant(d, v.sql(ctx)) : undefined;
    default:
      return undefined;
  }
}

/**
 * Compiles a value (a computed field's expression) into an SQL expression giving what
 * evaluate() gives for each row, in the form its column would store it, so that the row decodes,
 * sorts and compares as a stored field does. Wherever evaluate() would fail (a field of an empty
 * reference, no user signed in), the value is NULL: an empty value, as the language says.
 */
export function compileValueToSql(
  source: string,
  model: AppModel,
  scope: ExprScope,
  mapping: SqlMapping,
  options: SqlValueOptions,
): SqlValueResult {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0) return { ok: false, issues: typed.issues };
  const parsed = typed.parsed;
  const compile = (userPresent: boolean): Frag => {
    const record = options.row === 'params' ? 'params' : { row: options.row };
    const roots = rootValues(model, scope, mapping, record, userPresent);
    const compiler = new SqlCompiler(source, parsed, typed.types, model, mapping, roots);
    compiler.aliasPrefix = options.aliasPrefix ?? '';
    const value = compileNode(compiler, parsed.expr);
    const stored = storedForm(mapping.dialect, value, options.column);
    if (!stored) throw new NotCompilable(`A ${value.kind} cannot be stored as this field.`, 0);
    return guarded(errorsOf(value), stored);
  };
  try {
    const anonymous = compile(false);
    const signedIn = scope.hasUser === false ? anonymous : compile(true);
    const bind: Frag = (ctx) => (ctx.params.user ? signedIn : anonymous)(ctx);
    const timeZone = model.properties.timeZone;
    return { ok: true, bind, sql: (params = {}) => bind(bindContext(params, timeZone)) };
  } catch (error) {
    if (!(error instanceof NotCompilable)) throw error;
    return { ok: false, issues: [notCompilableIssue(source, error.message, error.offset)] };
  }
}

export type { BindContext };
