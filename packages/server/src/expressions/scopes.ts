import type { ExprScope } from '@specrun/expr';

/** The names a guard may use: the record before the transition as `record` and `old`, `input`. */
export function guardScope(entity: string): ExprScope {
  return { entity, hasOld: true, hasInput: true };
}

/** The names a section 5 rule may use: `record`, and `old` when it runs on update. */
export function ruleScope(entity: string, on: readonly string[]): ExprScope {
  return { entity, hasOld: on.includes('update') };
}
