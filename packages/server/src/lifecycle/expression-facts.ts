import { typeExpression, type ExprScope, type ExprType } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { childrenOf, type ExprNode as Node } from '../expressions/expression-tree.js';

/** What running an expression in JavaScript needs to know about it, worked out at start. */
export interface ExpressionFacts {
  readsInput: boolean;
  counts: boolean;
  /**
   * The reference fields read through (`record.claimant.manager` reads through Claim.claimant),
   * as `Entity.field`: the records they point to must be loaded for evaluate() to see them.
   */
  follows: Set<string>;
  /** How many references deep the expression reads at most: loading stops there. */
  depth: number;
}

/**
 * Reads an expression's tree: whether it uses `input` or count(), and which references it
 * follows. Throws when it does not check, which the callers turn into a start-up error.
 */
export function expressionFacts(
  source: string,
  model: AppModel,
  scope: ExprScope,
): ExpressionFacts {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0)
    throw new Error(`\`${source}\` does not check: ${typed.issues[0]?.message ?? 'no tree'}`);
  const typeOf = (node: Node): ExprType | undefined => typed.types.get(String(node.id));
  const facts: ExpressionFacts = { readsInput: false, counts: false, follows: new Set(), depth: 0 };
  const visit = (node: Node, chain: number): void => {
    const kind = node.exprKind;
    if (kind.case === 'identExpr' && kind.value.name === 'input') facts.readsInput = true;
    if (kind.case === 'callExpr' && !kind.value.target && kind.value.function === 'count')
      facts.counts = true;
    if (kind.case === 'selectExpr' && kind.value.operand) {
      const operand = kind.value.operand;
      // `X.g.field`: the record X.g refers to is read, so X's reference g must be loaded.
      if (operand.exprKind.case === 'selectExpr' && operand.exprKind.value.operand) {
        const owner = typeOf(operand.exprKind.value.operand);
        if (owner?.kind === 'record' && typeOf(operand)?.kind === 'record')
          facts.follows.add(`${owner.entity}.${operand.exprKind.value.field}`);
      }
      facts.depth = Math.max(facts.depth, chain + 1);
      visit(operand, chain + 1);
      return;
    }
    for (const child of childrenOf(node)) visit(child, 0);
  };
  visit(typed.parsed.expr, 0);
  return facts;
}
