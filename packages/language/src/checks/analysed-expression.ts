import { analyseExpression, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** What analysing an expression finds, or undefined when it does not check (reported already). */
export function analysedExpression(source: string, model: AppModel, scope: ExprScope) {
  try {
    const analysis = analyseExpression(source, model, scope);
    return analysis.issues.length > 0 ? undefined : analysis;
  } catch {
    return undefined;
  }
}
