import { celEnv, isCelError, plan, type CelEnv, type CelInput } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import type { AppModel } from '@specrun/model';
import { celBindings, scopeOfBindings } from './bindings.js';
import { fromCel } from './cel-values.js';
import { typeExpression } from './check-expression.js';
import type { ExprIssue } from './issues.js';
import { lower, type CountSite } from './lower.js';
import { runtimeFunctions } from './runtime-functions.js';
import type { ExprScope } from './scope.js';
import { toCel } from './to-cel.js';

/** Thrown by evaluate when the expression does not check or fails while running. */
export class ExprEvaluationError extends Error {
  constructor(
    message: string,
    readonly issues: ExprIssue[] = [],
  ) {
    super(message);
    this.name = 'ExprEvaluationError';
  }
}

/** How evaluate asks the caller to count records: `predicate` tests one stored record. */
export type CountRecords = (entity: string, predicate: (record: unknown) => boolean) => number;

/**
 * Evaluates an expression. Bindings are plain values: `record`, `old`, `user` (null when
 * anonymous), `input`, `now` (a Date; the current time when absent), the scope's variables, and
 * `count` (a CountRecords) when the expression uses count(). Pass the scope the expression was
 * checked with so records are read by their fields' types; without it they are read by value.
 * Results: bool/string as is, int/double as number, timestamp as Date, duration as milliseconds,
 * date as "YYYY-MM-DD", money as `{ amount: "12.50", currency: "EUR" }`. Throws ExprEvaluationError.
 */
export function evaluate(
  source: string,
  model: AppModel,
  bindings: Record<string, unknown>,
  scope: ExprScope = scopeOfBindings(bindings),
): unknown {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0) {
    const first = typed.issues[0];
    throw new ExprEvaluationError(
      first ? first.message : 'The expression cannot be evaluated.',
      typed.issues,
    );
  }
  const sites: CountSite[] = [];
  // Lowering rewrites the tree; parsed trees are shared (see parse-expression.ts), so it
  // rewrites a copy.
  const expr = structuredClone(typed.parsed.expr);
  lower(expr, typed.types, sites);
  const now = bindings.now instanceof Date ? bindings.now.getTime() : Date.now();
  const stack: Record<string, CelInput>[] = [];
  // The functions are called only while evaluating, after `env` exists: they may refer to it.
  const getEnv = (): CelEnv => env;
  const counter = (site: number) => countSite(model, sites[site]!, bindings.count, stack, getEnv);
  const timeZone = model.properties.timeZone;
  const funcs = [
    ...strings,
    ...runtimeFunctions({ timeZone, nowMs: now, count: counter, env: getEnv }),
  ];
  const env = celEnv({ funcs });
  stack.push(celBindings(model, scope, bindings, now));
  return fromCel(run(env, expr, stack[0]!));
}

function run(
  env: CelEnv,
  expr: Parameters<typeof plan>[1],
  bindings: Record<string, CelInput>,
): unknown {
  const result = plan(env, expr)(bindings);
  if (isCelError(result)) throw new ExprEvaluationError(result.message);
  return result;
}

function countSite(
  model: AppModel,
  site: CountSite,
  count: unknown,
  stack: Record<string, CelInput>[],
  env: () => CelEnv,
): number {
  if (typeof count !== 'function')
    throw new Error('count() needs a `count` function in the bindings');
  const outer = stack[stack.length - 1]!;
  const condition = plan(env(), site.condition);
  const predicate = (record: unknown): boolean => {
    stack.push({
      ...outer,
      [site.variable]: toCel(record, { kind: 'record', entity: site.entity }, model),
    });
    try {
      const result = condition(stack[stack.length - 1]!);
      if (isCelError(result)) throw new ExprEvaluationError(result.message);
      return result === true;
    } finally {
      stack.pop();
    }
  };
  const n = (count as CountRecords)(site.entity, predicate);
  if (!Number.isInteger(n)) throw new Error('count() must answer an integer');
  return n;
}
