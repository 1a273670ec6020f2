import type { AppModel } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { typeExpression } from '../check-expression.js';
import type { ExprIssue } from '../issues.js';
import type { ExprScope } from '../scope.js';
import { compileNode } from './compile-node.js';
import { SqlCompiler } from './compiler.js';
import { asCondition } from './conditions.js';
import type { SqlMapping } from './mapping.js';
import { NotCompilable, notCompilableIssue } from './not-compilable.js';
import { bindContext, type SqlParams } from './params.js';
import { rootValues, rowRecord, type RecordBinding } from './roots.js';

/** A condition compiled once; `sql` binds one request's values as parameters. */
export type SqlCompileResult =
  | { ok: true; sql: (params?: SqlParams) => RawBuilder<SqlBool> }
  | { ok: false; issues: ExprIssue[] };

/**
 * How `record` is read: by default the query's row aliased `record`. With `variablesAsRows`, the
 * scope's variables (`b` of `first Booking b where …`) are rows of the query aliased by their
 * names, as count()'s variable is a row of its subquery.
 */
export type SqlCompileOptions = { record?: RecordBinding; variablesAsRows?: boolean };

/**
 * Compiles a bool CEL expression into an SQL condition with the language's semantics: a WHERE
 * keeps exactly the rows for which evaluate() answers true. Type issues are returned as they are;
 * anything without a faithful SQL form is a `not-compilable` issue, never a guess.
 */
export function compileToSql(
  source: string,
  model: AppModel,
  scope: ExprScope,
  mapping: SqlMapping,
  options: SqlCompileOptions = {},
): SqlCompileResult {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0) return { ok: false, issues: typed.issues };
  if (typed.root?.kind !== 'bool') {
    const issue = notCompilableIssue(source, 'Only a condition (a bool) can filter in SQL.', 0);
    return { ok: false, issues: [issue] };
  }
  const parsed = typed.parsed;
  const compile = (userPresent: boolean) => {
    const record = options.record ?? { row: 'record' };
    const roots = rootValues(model, scope, mapping, record, userPresent);
    if (options.variablesAsRows)
      for (const [name, entity] of Object.entries(scope.variables ?? {}))
        roots.set(name, rowRecord(entity, name));
    const compiler = new SqlCompiler(source, parsed, typed.types, model, mapping, roots);
    return asCondition(compileNode(compiler, parsed.expr));
  };
  try {
    // Two forms: for nobody signed in, where reading `user.x` is an error the SQL must carry,
    // and for a signed-in user, where it is not; binding picks the one the request needs.
    const anonymous = compile(false);
    const signedIn = scope.hasUser === false ? anonymous : compile(true);
    const timeZone = model.properties.timeZone;
    return {
      ok: true,
      sql: (params = {}) => {
        const condition = params.user ? signedIn : anonymous;
        return condition(bindContext(params, timeZone)) as RawBuilder<SqlBool>;
      },
    };
  } catch (error) {
    if (!(error instanceof NotCompilable)) throw error;
    return { ok: false, issues: [notCompilableIssue(source, error.message, error.offset)] };
  }
}
