import { celEnv, isCelError, plan, type CelEnv, type CelInput } from '@bufbuild/cel';
import { aggregateSite, countRecords, SiteError, type Operator } from './aggregate-site.js';
import { strings } from '@bufbuild/cel/ext';
import type { AppModel } from '@specrun/model';
import { celBindings, scopeOfBindings } from './bindings.js';
import { fromCel } from './cel-values.js';
import { typeExpression } from './check-expression.js';
import type { ExprIssue } from './issues.js';
import { decimalText, toDecimal } from './decimal.js';
import { literalDecimal } from './literal-decimal.js';
import { lower, type CountSite } from './lower.js';
import { runtimeFunctions } from './runtime-functions.js';
import type { ExprScope } from './scope.js';

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

export type { CountRecords } from './aggregate-site.js';

/** What one evaluation sets before running a prepared program, read by its functions. */
interface CallState {
  nowMs: number;
  count: unknown;
  stack: Record<string, CelInput>[];
}

/** An expression checked, lowered and planned once for a model and a scope. */
interface PreparedEvaluation {
  program: ReturnType<typeof plan>;
  state: CallState;
  /** True when the expression is a decimal: its result is handed out as canonical text. */
  decimal: boolean;
}

// Checking, lowering and planning cost far more than running: each expression is prepared once
// per model and scope. A model's expressions are few; the bound only guards against callers
// evaluating unbounded ad-hoc sources.
const preparedByModel = new WeakMap<AppModel, Map<string, PreparedEvaluation>>();
const MAX_PREPARED = 2_000;

function scopeKey(source: string, scope: ExprScope): string {
  const { entity = '', hasOld, hasInput, hasUser, variables, dynamic, texts } = scope;
  const flags = `${hasOld ? 1 : 0}${hasInput ? 1 : 0}${hasUser === false ? 0 : 1}`;
  const names = `${(dynamic ?? []).join(',')}|${(texts ?? []).join(',')}`;
  return `${entity}|${flags}|${JSON.stringify(variables ?? {})}|${names}|${source}`;
}

function prepare(source: string, model: AppModel, scope: ExprScope): PreparedEvaluation {
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
  const parsed = typed.parsed;
  lower(expr, typed.types, sites, (literal) => literalDecimal(source, parsed, literal));
  const state: CallState = { nowMs: 0, count: undefined, stack: [] };
  // The functions are called only while evaluating, after `env` exists: they may refer to it.
  const getEnv = (): CelEnv => env;
  const counter = (site: number) =>
    countRecords(model, sites[site]!, state.count, state.stack, getEnv);
  const aggregator = (site: number, op: Operator) =>
    aggregateSite(model, sites[site]!, state.count, state.stack, getEnv, op);
  const timeZone = model.properties.timeZone;
  const context = {
    timeZone,
    get nowMs() {
      return state.nowMs;
    },
    count: counter,
    aggregate: aggregator,
    env: getEnv,
  };
  const env = celEnv({ funcs: [...strings, ...runtimeFunctions(context)] });
  return { program: plan(env, expr), state, decimal: typed.root?.kind === 'double' };
}

function prepared(source: string, model: AppModel, scope: ExprScope): PreparedEvaluation {
  let byKey = preparedByModel.get(model);
  if (!byKey) {
    byKey = new Map();
    preparedByModel.set(model, byKey);
  }
  const key = scopeKey(source, scope);
  let found = byKey.get(key);
  if (!found) {
    found = prepare(source, model, scope);
    if (byKey.size >= MAX_PREPARED) byKey.clear();
    byKey.set(key, found);
  }
  return found;
}

/** An expression checked and planned once: each call evaluates it with these bindings. */
export type PreparedExpression = (bindings: Record<string, unknown>) => unknown;

/**
 * Prepares an expression for repeated evaluation with the scope it was checked with: the
 * returned function is evaluate() without looking the expression up by its source on each call.
 * Throws ExprEvaluationError when it does not check.
 */
export function prepareEvaluation(
  source: string,
  model: AppModel,
  scope: ExprScope,
): PreparedExpression {
  const found = prepared(source, model, scope);
  return (bindings) => run(found, model, scope, bindings);
}

function run(
  { program, state, decimal }: PreparedEvaluation,
  model: AppModel,
  scope: ExprScope,
  bindings: Record<string, unknown>,
): unknown {
  const now = bindings.now instanceof Date ? bindings.now.getTime() : Date.now();
  // A count() callback may evaluate again, even this very expression: the state is restored.
  const saved = { ...state };
  state.nowMs = now;
  state.count = bindings.count;
  state.stack = [celBindings(model, scope, bindings, now)];
  try {
    let result: unknown;
    try {
      result = program(state.stack[0]!);
    } catch (error) {
      // A record's condition or value that cannot be evaluated makes the count one too.
      if (error instanceof SiteError) throw new ExprEvaluationError(error.message);
      throw error;
    }
    if (isCelError(result)) throw new ExprEvaluationError(result.message);
    const value = fromCel(result);
    const exact = decimal ? toDecimal(value) : undefined;
    return exact ? decimalText(exact) : value;
  } finally {
    Object.assign(state, saved);
  }
}

/**
 * Evaluates an expression. Bindings are plain values: `record`, `old`, `user` (null when
 * anonymous), `input`, `now` (a Date; the current time when absent), the scope's variables, and
 * `count` (a CountRecords) when the expression uses count(). Pass the scope the expression was
 * checked with so records are read by their fields' types; without it they are read by value.
 * Results: bool/string as is, int as number, a decimal as its exact canonical text ("0.3"),
 * timestamp as Date, duration as milliseconds,
 * date as "YYYY-MM-DD", money as `{ amount: "12.50", currency: "EUR" }`. Throws ExprEvaluationError.
 * Code that evaluates the same expression again and again holds a prepareEvaluation instead.
 */
export function evaluate(
  source: string,
  model: AppModel,
  bindings: Record<string, unknown>,
  scope: ExprScope = scopeOfBindings(bindings),
): unknown {
  return run(prepared(source, model, scope), model, scope, bindings);
}
