import type { CallNode, Expr } from './ast.js';
import { stringLiteral } from './ast.js';
import type { Checker } from './checker.js';
import { fieldType } from './check-select.js';
import { DYN, isNumeric, typeName, type ExprType } from './types.js';

/** Operands of `&&`, `||`, `!` and a ternary's condition must be bool. */
export function checkLogical(
  checker: Checker,
  args: Expr[],
  types: ExprType[],
  what: string,
): void {
  args.forEach((arg, i) => {
    const type = types[i] ?? DYN;
    if (type.kind === 'bool' || type.kind === 'dyn') return;
    checker.report(
      'type-mismatch',
      `${what} needs a bool, not ${typeName(type)}.`,
      checker.startOffset(arg),
    );
  });
}

/** `list[int]`, `map[key]`, `record["field"]`. */
export function checkIndex(
  checker: Checker,
  expr: Expr,
  call: CallNode,
  operand: ExprType,
  index: ExprType,
): ExprType {
  const offset = checker.offset(expr);
  switch (operand.kind) {
    case 'dyn':
      return DYN;
    case 'list':
      if (isNumeric(index) || index.kind === 'dyn') return operand.element;
      break;
    case 'map':
      return operand.value;
    case 'record': {
      const name = call.args[1] ? stringLiteral(call.args[1]) : undefined;
      if (name !== undefined) return fieldType(checker, operand, name, offset + 2);
      if (index.kind === 'dyn' || index.kind === 'string') return DYN;
      break;
    }
  }
  checker.report(
    'type-mismatch',
    `${typeName(operand)} cannot be indexed by ${typeName(index)}.`,
    offset,
    {
      length: 1,
    },
  );
  return DYN;
}
