import type { parse } from '@bufbuild/cel';

/** A parsed expression: the tree and where each node stands in the source. */
export type Parsed = ReturnType<typeof parse>;
/** One node of the CEL syntax tree (cel.expr.Expr). */
export type Expr = Parsed['expr'];
export type ExprKind = Expr['exprKind'];
export type CallNode = Extract<ExprKind, { case: 'callExpr' }>['value'];
export type SelectNode = Extract<ExprKind, { case: 'selectExpr' }>['value'];
export type ComprehensionNode = Extract<ExprKind, { case: 'comprehensionExpr' }>['value'];
export type StructNode = Extract<ExprKind, { case: 'structExpr' }>['value'];
export type ConstantNode = Extract<ExprKind, { case: 'constExpr' }>['value'];

/** The string value of a node when it is a string literal. */
export function stringLiteral(expr: Expr): string | undefined {
  if (expr.exprKind.case !== 'constExpr') return undefined;
  const constant = expr.exprKind.value.constantKind;
  return constant.case === 'stringValue' ? constant.value : undefined;
}

/** The name of a node when it is a plain identifier. */
export function identName(expr: Expr): string | undefined {
  return expr.exprKind.case === 'identExpr' ? expr.exprKind.value.name : undefined;
}
