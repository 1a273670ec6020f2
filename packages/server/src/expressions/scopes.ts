import type { ExprScope } from '@specrun/expr';

/** The names a guard may use: the record before the transition as `record` and `old`, `input`. */
export function guardScope(entity: string): ExprScope {
  return { entity, hasOld: true, hasInput: true };
}

/**
 * The names a section 5 rule may use: `record`, and `old` when it runs on update or delete. On
 * delete both are the record being deleted (the language lets such a rule name only `old`).
 */
export function ruleScope(entity: string, on: readonly string[]): ExprScope {
  return { entity, hasOld: on.includes('update') || on.includes('delete') };
}
