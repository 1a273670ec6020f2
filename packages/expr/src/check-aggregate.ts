import type { CallNode, Expr } from './ast.js';
import { identName } from './ast.js';
import { AGGREGATE_TAKES, aggregateType, type Aggregate } from './aggregates.js';
import type { Checker } from './checker.js';
import { checkEntityArg } from './check-count.js';
import { DYN, typeName, type ExprType } from './types.js';

/**
 * `sum(Entity, r, value, condition)`, and min, max and avg alike: an entity name, a fresh
 * variable, a value of each record that satisfies the condition, and a bool condition on it.
 */
export function checkAggregate(
  checker: Checker,
  expr: Expr,
  call: CallNode,
  fn: Aggregate,
): ExprType {
  const [entityArg, variableArg, valueArg, condition] = call.args;
  if (call.args.length !== 4 || !entityArg || !variableArg || !valueArg || !condition) {
    checker.report(
      'type-mismatch',
      `${fn}() takes an entity, a variable, a value and a condition: \`${fn}(Quote, q, q.amount, q.status == "approved")\`.`,
      checker.offset(expr),
      { length: fn.length },
    );
    // Its arguments are not checked: without knowing which is the variable, each would only
    // add a misleading issue (the entity's name read as an unknown name).
    return DYN;
  }
  const entity = checkEntityArg(checker, entityArg, fn);
  const variable = identName(variableArg);
  checker.types.set(String(variableArg.id), DYN);
  if (variable === undefined) {
    checker.report(
      'expression-syntax',
      `${fn}() needs a variable name as its second argument.`,
      checker.offset(variableArg),
    );
  }
  const bound: ExprType = entity ? { kind: 'record', entity } : DYN;
  const [value, test] = checker.withLocals<[ExprType, ExprType]>(
    variable ? { [variable]: bound } : {},
    () => [checker.check(valueArg), checker.check(condition)],
  );
  if (test.kind !== 'bool' && test.kind !== 'dyn') {
    checker.report(
      'type-mismatch',
      `${fn}()'s condition must be a bool, not ${typeName(test)}.`,
      checker.startOffset(condition),
    );
  }
  const type = aggregateType(fn, value);
  if (type) return type;
  checker.report(
    'type-mismatch',
    `${fn}() takes ${AGGREGATE_TAKES[fn]}, not ${value.kind === 'enum' ? 'a choice' : typeName(value)}.`,
    checker.startOffset(valueArg),
  );
  return DYN;
}
