import type { CallNode, Expr } from './ast.js';
import { identName } from './ast.js';
import type { Checker } from './checker.js';
import { didYouMean } from '@specrun/model';
import { entityNames, findEntity } from './entity-fields.js';
import { DYN, INT, typeName, type ExprType } from './types.js';

/** `count(Entity, r, condition)`: an entity name, a fresh variable, a bool condition on it. */
export function checkCount(checker: Checker, expr: Expr, call: CallNode): ExprType {
  const [entityArg, variableArg, condition] = call.args;
  if (call.args.length !== 3 || !entityArg || !variableArg || !condition) {
    checker.report(
      'type-mismatch',
      'count() takes an entity, a variable and a condition: `count(Ticket, t, t.status == "open")`.',
      checker.offset(expr),
      { length: 'count'.length },
    );
    for (const arg of call.args) checker.check(arg);
    return INT;
  }
  const entity = checkEntityArg(checker, entityArg, 'count');
  const variable = identName(variableArg);
  checker.types.set(String(variableArg.id), DYN);
  if (variable === undefined) {
    checker.report(
      'expression-syntax',
      'count() needs a variable name as its second argument.',
      checker.offset(variableArg),
    );
  }
  const bound: ExprType = entity ? { kind: 'record', entity } : DYN;
  const type = checker.withLocals(variable ? { [variable]: bound } : {}, () =>
    checker.check(condition),
  );
  if (type.kind !== 'bool' && type.kind !== 'dyn') {
    checker.report(
      'type-mismatch',
      `count()'s condition must be a bool, not ${typeName(type)}.`,
      checker.startOffset(condition),
    );
  }
  return INT;
}

/** The entity a count() or an aggregate reads: a name of the model's, else reported. */
export function checkEntityArg(checker: Checker, arg: Expr, fn: string): string | undefined {
  checker.types.set(String(arg.id), DYN);
  const name = identName(arg);
  if (name !== undefined && findEntity(checker.model, name)) {
    checker.refs.entity(name);
    return name;
  }
  const shown = name ?? 'that';
  checker.report(
    'unknown-entity',
    `${fn}() needs an entity name; \`${shown}\` is not one.`,
    checker.offset(arg),
    {
      hint: name === undefined ? undefined : didYouMean(name, entityNames(checker.model)),
      length: name?.length,
    },
  );
  return undefined;
}
