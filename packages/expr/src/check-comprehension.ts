import type { ComprehensionNode } from './ast.js';
import type { Checker } from './checker.js';
import { DYN, INT, typeName, type ExprType } from './types.js';

/** Macros (all, exists, exists_one, map, filter) as the parser expands them. */
export function checkComprehension(checker: Checker, node: ComprehensionNode): ExprType {
  const range = node.iterRange ? checker.check(node.iterRange) : DYN;
  const [first, second] = iterationTypes(checker, node, range);
  const accu = node.accuInit ? checker.check(node.accuInit) : DYN;
  const vars: Record<string, ExprType> = { [node.iterVar]: first, [node.accuVar]: accu };
  if (node.iterVar2) vars[node.iterVar2] = second;
  const step = checker.withLocals(vars, () => {
    if (node.loopCondition) checker.check(node.loopCondition);
    return node.loopStep ? checker.check(node.loopStep) : accu;
  });
  const accuType = step.kind === 'dyn' ? accu : step;
  return checker.withLocals({ [node.accuVar]: accuType }, () =>
    node.result ? checker.check(node.result) : DYN,
  );
}

function iterationTypes(
  checker: Checker,
  node: ComprehensionNode,
  range: ExprType,
): [ExprType, ExprType] {
  switch (range.kind) {
    case 'list':
      return node.iterVar2 ? [INT, range.element] : [range.element, DYN];
    case 'map':
      return [range.key, range.value];
    case 'dyn':
      return [DYN, DYN];
    default:
      if (node.iterRange) {
        checker.report(
          'type-mismatch',
          `Only lists and maps can be iterated, not ${typeName(range)}.`,
          checker.startOffset(node.iterRange),
        );
      }
      return [DYN, DYN];
  }
}
