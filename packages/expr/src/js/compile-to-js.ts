import type { AppModel } from '@specrun/model';
import { typeExpression } from '../check-expression.js';
import type { ExprIssue } from '../issues.js';
import type { ExprScope } from '../scope.js';
import { NotCompilable, notCompilableIssue } from '../sql/not-compilable.js';
import { compileJsNode } from './compile-js-node.js';
import { JsCompiler, type JsBindings } from './js-compiler.js';

/** A condition compiled to JavaScript: `holds` answers what `evaluate(...) === true` would. */
export type JsCompileResult =
  { ok: true; holds: (values: JsBindings) => boolean } | { ok: false; issues: ExprIssue[] };

/** The records in scope by name, with their entities. */
function rootsOf(scope: ExprScope): Map<string, string> {
  const roots = new Map<string, string>();
  if (scope.hasUser !== false) roots.set('user', 'User');
  if (scope.entity !== undefined) {
    roots.set('record', scope.entity);
    if (scope.hasOld) roots.set('old', scope.entity);
  }
  return roots;
}

/**
 * Compiles a bool condition that reads only the values it is given — the record's own stored
 * fields, the user's, constants, `now` and `today()` — into a JavaScript function, so that a
 * decision on a record already loaded costs no query and no interpretation. Its answers are
 * evaluate()'s, the language's reference: the operators are the very functions evaluate() runs,
 * and a CEL error is a condition that does not hold. Anything that needs the database (count(),
 * a field of a referenced record), the payload (`input`) or a construct not covered here is a
 * `not-compilable` issue: the caller runs that condition elsewhere.
 */
export function compileToJs(source: string, model: AppModel, scope: ExprScope): JsCompileResult {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0) return { ok: false, issues: typed.issues };
  if (typed.root?.kind !== 'bool') {
    const issue = notCompilableIssue(source, 'Only a condition (a bool) is compiled.', 0);
    return { ok: false, issues: [issue] };
  }
  try {
    const compiler = new JsCompiler(source, typed.parsed, typed.types, model, rootsOf(scope));
    const node = compileJsNode(compiler, typed.parsed.expr);
    const timeZone = model.properties.timeZone;
    return {
      ok: true,
      holds: (values) => {
        const nowMs = values.now ? values.now.getTime() : Date.now();
        const result = node({ values, nowMs, timeZone });
        return result.k === 'bool' && result.v;
      },
    };
  } catch (error) {
    if (!(error instanceof NotCompilable)) throw error;
    return { ok: false, issues: [notCompilableIssue(source, error.message, error.offset)] };
  }
}
