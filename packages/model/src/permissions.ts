import type { Expression } from './expression.js';

/** How sign-up treats a role: `default` is the role a new account gets. */
export type SignUp = 'default' | 'yes' | 'no';

/** A role of section 6. `anyone` and `signed-in` are built in and never listed here. */
export interface Role {
  name: string;
  description: string;
  signUp: SignUp;
  line?: number;
}

/** Which fields a permission row covers. */
export type FieldSelection =
  | { kind: 'all' }
  | { kind: 'allExcept'; fields: string[] }
  | { kind: 'only'; fields: string[] }
  | { kind: 'none' };

/** Whether a permission row allows: always, never, or when a CEL condition holds. */
export type Allowance = { kind: 'yes' } | { kind: 'no' } | { kind: 'when'; condition: Expression };

/** One row of the permissions table; `*` stands for every entity or every action. */
export interface Permission {
  role: string;
  entity: string;
  actions: string[];
  allowed: Allowance;
  fields: FieldSelection;
  line: number;
}
