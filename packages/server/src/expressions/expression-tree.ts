import type { typeExpression } from '@specrun/expr';

type Typed = ReturnType<typeof typeExpression>;
/** A node of an expression's CEL tree. */
export type ExprNode = NonNullable<Typed['parsed']>['expr'];
type Node = ExprNode;

/** The children of a node of the CEL tree, whatever its kind. */
export function childrenOf(node: Node): Node[] {
  const kind = node.exprKind;
  switch (kind.case) {
    case 'selectExpr':
      return kind.value.operand ? [kind.value.operand] : [];
    case 'callExpr':
      return [...(kind.value.target ? [kind.value.target] : []), ...kind.value.args];
    case 'listExpr':
      return kind.value.elements;
    case 'structExpr':
      return kind.value.entries.flatMap((e) => [
        ...(e.keyKind.case === 'mapKey' ? [e.keyKind.value] : []),
        ...(e.value ? [e.value] : []),
      ]);
    case 'comprehensionExpr': {
      const c = kind.value;
      return [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].filter(
        (e): e is Node => e !== undefined,
      );
    }
    default:
      return [];
  }
}
