import type { CallNode, Expr } from './ast.js';
import type { Checker } from './checker.js';
import { isAggregate } from './aggregates.js';
import { checkAggregate } from './check-aggregate.js';
import { checkCount } from './check-count.js';
import { checkFunction } from './check-functions.js';
import { checkOperator, isOperator } from './check-operators.js';
import type { ExprType } from './types.js';

/** A call: an operator, count() or an aggregate (sum, min, max, avg), or a function or method of the standard library. */
export function checkCall(checker: Checker, expr: Expr, call: CallNode): ExprType {
  if (!call.target && call.function === 'count') return checkCount(checker, expr, call);
  if (!call.target && isAggregate(call.function))
    return checkAggregate(checker, expr, call, call.function);
  if (!call.target && isOperator(call.function)) return checkOperator(checker, expr, call);
  return checkFunction(checker, expr, call);
}
