import type { CallNode, Expr } from '../ast.js';
import { arithmeticOf, comparisonOf } from '../operator-kinds.js';
import { compileArithmetic, compileNegation } from './compile-arithmetic.js';
import { compileComparison } from './compile-compare.js';
import { isAggregate } from '../aggregates.js';
import { compileAggregate } from './compile-aggregate.js';
import { compileCount } from './compile-count.js';
import { compileFunction } from './compile-functions.js';
import { compileIn } from './compile-in.js';
import { compileLogic } from './compile-logic.js';
import { compileNode } from './compile-node.js';
import type { SqlCompiler } from './compiler.js';
import type { SqlValue } from './sql-value.js';

/** An operator, count() or an aggregate, or one of the functions that have an SQL form. */
export function compileCall(c: SqlCompiler, expr: Expr, call: CallNode): SqlValue {
  const name = call.function;
  if (!call.target && name === 'count') return compileCount(c, expr, call);
  if (!call.target && isAggregate(name)) return compileAggregate(c, expr, call, name);
  // The target first, then the arguments: the order in which subqueries take their aliases.
  const target = call.target && compileNode(c, call.target);
  const compiled = call.args.map((a) => compileNode(c, a));
  const comparison = comparisonOf(name);
  if (comparison) return compileComparison(c, expr, comparison, compiled);
  if (target?.kind === 'input' || compiled.some((a) => a.kind === 'input'))
    return c.fail(expr, '`input` can only be compared with == or != in the database.');
  if (target) return compileFunction(c, expr, name, target, compiled);
  const arithmetic = arithmeticOf(name);
  if (arithmetic) return compileArithmetic(c, expr, arithmetic, compiled);
  switch (name) {
    case '_&&_':
    case '_||_':
    case '!_':
    case '_?_:_':
      return compileLogic(c, expr, name, compiled);
    case '-_':
      return compileNegation(c, expr, compiled[0]!);
    case '@in':
      return compileIn(c, expr, compiled);
    default:
      return compileFunction(c, expr, name, undefined, compiled);
  }
}
