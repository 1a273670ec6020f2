import type { ExpressionAnalysis } from './analysis-types.js';

/**
 * The fields an expression reads straight from one name of the scope, each once, in source
 * order: `size(input.reason) > 5 && input.note != ""` reads `reason` and `note` from `input`.
 */
export function fieldsReadFrom(analysis: ExpressionAnalysis, root: string): string[] {
  const fields = analysis.reads.filter((r) => r.root === root && r.depth === 1).map((r) => r.field);
  return [...new Set(fields)];
}
