/**
 * The plan of a generated specification: what each of its nine sections declares, kept as data
 * so that the expressions can be drawn against the fields, states and roles already chosen, and
 * rendered to Markdown last (render-spec.ts).
 */

/** The field types the generator writes, one per type name of section 3 (state apart). */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'email'
  | 'url'
  | 'enum'
  | 'reference'
  | 'list'
  | 'file'
  | 'state';

export interface FieldPlan {
  name: string;
  kind: FieldKind;
  /** The values of a `one of` field. */
  values?: string[];
  /** The entity a reference or `list of` field points at. */
  target?: string;
  required: boolean;
  /** The Default cell as written (a literal, or an expression in backticks). */
  default?: string;
  /** The Rules cell's items as written: `unique`, `3..80 chars`, ``computed `…` ``. */
  rules: string[];
}

export interface TransitionPlan {
  from: string[];
  action: string;
  to: string;
  who: string[];
  when?: string;
  /** `field = \`expr\`` items. */
  sets: string[];
  error?: string;
}

export interface LifecyclePlan {
  states: string[];
  initial: string;
  rows: TransitionPlan[];
}

export interface EntityPlan {
  name: string;
  plural: string;
  fields: FieldPlan[];
  lifecycle?: LifecyclePlan;
}

export interface RulePlan {
  entity: string;
  rule: string;
  error: string;
  on: string;
}

export interface RolePlan {
  name: string;
  signUp: 'default' | 'yes' | 'no';
}

export interface PermissionPlan {
  roles: string[];
  entity: string;
  actions: string[];
  /** `yes`, `no`, or an expression in backticks. */
  allowed: string;
  fields: string;
}

export interface CallPlan {
  method: string;
  path: string;
  operation: string;
  payload?: string;
  response?: string;
}

export interface CodePlan {
  code: string;
  status: number;
  message: string;
}

export interface ConstantPlan {
  name: string;
  value: string;
}

export interface ScreenPlan {
  route: string;
  screen: string;
  kind: string;
  entity?: string;
  who: string;
  shows?: string;
}

/** A whole specification. Absent tables are written as unspecified sections. */
export interface SpecPlan {
  title: string;
  /** Whether the draw put mistakes in on purpose (check must then report each). */
  somewhatWrong: boolean;
  currency?: string;
  screens?: ScreenPlan[];
  /** The fields a specification adds to the built-in User. */
  userFields: FieldPlan[];
  entities: EntityPlan[];
  rules: RulePlan[];
  roles?: RolePlan[];
  permissions: PermissionPlan[];
  calls?: CallPlan[];
  codes: CodePlan[];
  constants: ConstantPlan[];
  /** Not part of the text: `filter` conditions a client sends to the entity's list calls. */
  listFilters: { entity: string; filter: string }[];
}
