import type { Expression } from './expression.js';

/** When a validation rule runs. On `delete`, `old` is the record being deleted. */
export type RuleTrigger = 'create' | 'update' | 'delete';

/** A validation rule of section 5. */
export interface ValidationRule {
  entity: string;
  rule: Expression;
  error: string;
  on: RuleTrigger[];
  /** The one field the rule names, if it names only one: failures are reported on it. */
  field?: string;
  line: number;
}
