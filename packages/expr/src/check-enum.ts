import { stringLiteral, type Expr } from './ast.js';
import type { Checker } from './checker.js';
import { didYouMean } from '@specrun/model';
import type { ExprType } from './types.js';

/** A string literal compared with an enum or state field must be one of its values. */
export function checkEnumLiteral(checker: Checker, type: ExprType, literal: Expr): void {
  if (type.kind !== 'enum') return;
  const value = stringLiteral(literal);
  if (value === undefined || type.values.includes(value)) return;
  const what = type.state ? 'state' : 'value';
  checker.report(
    'unknown-enum-value',
    `"${value}" is not a ${what} here.`,
    checker.offset(literal),
    {
      hint: didYouMean(value, type.values) ?? `expected one of: ${type.values.join(', ')}`,
      length: value.length + 2,
    },
  );
}

/** Checks literals on either side of `==`/`!=`, and the elements of `x in [...]`. */
export function checkEnumOperands(
  checker: Checker,
  op: string,
  args: Expr[],
  types: ExprType[],
): void {
  const [left, right] = args;
  const [leftType, rightType] = types;
  if (!left || !right || !leftType || !rightType) return;
  if (op === '@in') {
    if (right.exprKind.case !== 'listExpr') return;
    for (const element of right.exprKind.value.elements)
      checkEnumLiteral(checker, leftType, element);
    return;
  }
  checkEnumLiteral(checker, leftType, right);
  checkEnumLiteral(checker, rightType, left);
}
