import { analyseExpression, fieldsReadFrom, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** What running an expression in JavaScript needs to know about it, worked out at start. */
export interface ExpressionFacts {
  readsInput: boolean;
  /**
   * It reads `input` and nothing else but constants (`size(input.reason) >= MIN_REASON`): when it
   * fails, the caller's input is what is wrong, and the refusal can say at which input.
   */
  readsOnlyInput: boolean;
  /** The names of `input` it reads (`input.reason` → `reason`), each once. */
  inputs: string[];
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
 * Whether an expression uses `input` or count(), and which references it follows. Throws when it
 * does not check, which the callers turn into a start-up error.
 */
export function expressionFacts(
  source: string,
  model: AppModel,
  scope: ExprScope,
): ExpressionFacts {
  const analysis = analyseExpression(source, model, scope);
  const issue = analysis.issues[0];
  if (issue) throw new Error(`\`${source}\` does not check: ${issue.message}`);
  const readsInput = analysis.names.has('input');
  const constant = (name: string) => model.constants.some((c) => c.name === name);
  return {
    readsInput,
    readsOnlyInput:
      readsInput &&
      analysis.counts.length === 0 &&
      [...analysis.names].every((n) => n === 'input' || constant(n)),
    inputs: fieldsReadFrom(analysis, 'input'),
    counts: analysis.counts.length > 0,
    follows: new Set(analysis.follows),
    depth: analysis.depth,
  };
}
