import type { CallNode, Expr } from './ast.js';
import type { Checker } from './checker.js';
import { checkEnumOperands } from './check-enum.js';
import { checkIndex, checkLogical } from './check-logic.js';
import { arithmetic, comparable, currencyConflict, orderable, unify } from './type-rules.js';
import { BOOL, DYN, typeName, type ExprType } from './types.js';

/** CEL's internal operator names and how they are written. */
const SYMBOLS: Record<string, string> = {
  '_==_': '==',
  '_!=_': '!=',
  '_<_': '<',
  '_<=_': '<=',
  '_>_': '>',
  '_>=_': '>=',
  '_+_': '+',
  '_-_': '-',
  '_*_': '*',
  '_/_': '/',
  '_%_': '%',
  '-_': '-',
  '!_': '!',
  '_&&_': '&&',
  '_||_': '||',
  '_?_:_': '?',
  '@in': 'in',
  '_[_]': '[',
  '@not_strictly_false': '',
};

/** True for CEL's operator functions. */
export function isOperator(name: string): boolean {
  return Object.hasOwn(SYMBOLS, name);
}

/** The written symbol of an operator function (`_+_` → `+`), or undefined. */
export function operatorSymbol(name: string): string | undefined {
  return Object.hasOwn(SYMBOLS, name) ? SYMBOLS[name] : undefined;
}

/** Types an operator call. */
export function checkOperator(checker: Checker, expr: Expr, call: CallNode): ExprType {
  const types = call.args.map((arg) => checker.check(arg));
  const op = SYMBOLS[call.function]!;
  const [left = DYN, right = DYN] = types;
  // A failed comparison is still a bool, so that callers do not report the same problem twice.
  const mismatch = (message: string, result: ExprType = DYN): ExprType => {
    checker.report('type-mismatch', message, checker.offset(expr), { length: op.length });
    return result;
  };
  switch (call.function) {
    case '_==_':
    case '_!=_':
    case '_<_':
    case '_<=_':
    case '_>_':
    case '_>=_': {
      const ok = op === '==' || op === '!=' ? comparable(left, right) : orderable(left, right);
      if (!ok)
        return mismatch(
          `\`${op}\` cannot compare ${typeName(left)} with ${typeName(right)}.`,
          BOOL,
        );
      const conflict = currencyConflict(left, right);
      if (conflict)
        return mismatch(
          `\`${op}\` cannot compare money ${conflict[0]} with money ${conflict[1]}.`,
          BOOL,
        );
      checkEnumOperands(checker, call.function, call.args, types);
      return BOOL;
    }
    case '_+_':
    case '_-_':
    case '_*_':
    case '_/_':
    case '_%_': {
      const conflict = currencyConflict(left, right);
      if (conflict)
        return mismatch(`\`${op}\` cannot combine money ${conflict[0]} with money ${conflict[1]}.`);
      const result = arithmetic(op, left, right);
      return (
        result ?? mismatch(`\`${op}\` does not apply to ${typeName(left)} and ${typeName(right)}.`)
      );
    }
    case '-_':
      if (['int', 'double', 'money', 'duration', 'dyn'].includes(left.kind)) return left;
      return mismatch(`\`-\` does not apply to ${typeName(left)}.`);
    case '_?_:_':
      checkLogical(checker, call.args.slice(0, 1), types.slice(0, 1), 'a condition');
      return unify(types[1] ?? DYN, types[2] ?? DYN);
    case '@in':
      return checkIn(checker, call, left, right, mismatch);
    case '_[_]':
      return checkIndex(checker, expr, call, left, right);
    default:
      checkLogical(checker, call.args, types, `\`${op}\``);
      return BOOL;
  }
}

function checkIn(
  checker: Checker,
  call: CallNode,
  left: ExprType,
  right: ExprType,
  mismatch: (message: string, result?: ExprType) => ExprType,
): ExprType {
  const element =
    right.kind === 'list' ? right.element : right.kind === 'map' ? right.key : undefined;
  if (right.kind !== 'dyn' && element === undefined) {
    return mismatch(`\`in\` needs a list or a map on its right, not ${typeName(right)}.`, BOOL);
  }
  if (element && !comparable(left, element)) {
    return mismatch(`\`in\` cannot look for ${typeName(left)} in ${typeName(right)}.`, BOOL);
  }
  checkEnumOperands(checker, '@in', call.args, [left, right]);
  return BOOL;
}
