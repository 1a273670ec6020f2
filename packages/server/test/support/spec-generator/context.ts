import type { Draw } from './draw.js';
import type { ConstantPlan, EntityPlan, FieldPlan } from './plan.js';

/** What every part of a generated specification draws against: the names declared so far. */
export interface GenContext {
  draw: Draw;
  /** The currency of section 1, which every money field and money constant uses. */
  currency: string;
  entities: EntityPlan[];
  userFields: FieldPlan[];
  /** The roles a Who or a permission row may name: declared ones, or `admin` by default. */
  roles: string[];
  constants: ConstantPlan[];
  /** How likely a drawn part is a mistake that `check` must report (0 for a clean draw). */
  wrong: number;
  /** Catalogue codes named by an Error cell, to declare in section 8. */
  codes: Set<string>;
}

/** Where an expression is written, and so which names are in scope (spec-language.md). */
export interface Scope {
  entity: EntityPlan;
  record: boolean;
  old: boolean;
  user: boolean;
  input: boolean;
}

/** The fields every entity has, as expressions see them. */
export const BUILTIN_FIELDS: readonly FieldPlan[] = [
  { name: 'createdAt', kind: 'datetime', required: true, rules: [] },
  { name: 'updatedAt', kind: 'datetime', required: true, rules: [] },
  { name: 'createdBy', kind: 'reference', target: 'User', required: false, rules: [] },
  { name: 'version', kind: 'integer', required: true, rules: [] },
];

/** The built-in User as expressions see it, with the fields a specification adds. */
export function userEntity(ctx: GenContext): EntityPlan {
  const own: FieldPlan[] = [
    { name: 'email', kind: 'email', required: true, rules: [] },
    { name: 'name', kind: 'text', required: true, rules: [] },
  ];
  return { name: 'User', plural: 'users', fields: [...own, ...ctx.userFields] };
}

/** An entity by name, User included. */
export function entityNamed(ctx: GenContext, name: string): EntityPlan | undefined {
  return name === 'User' ? userEntity(ctx) : ctx.entities.find((e) => e.name === name);
}

/** The name of a declared constant whose value matches, if any. */
export function constantLike(ctx: GenContext, test: RegExp): string | undefined {
  return ctx.constants.find((c) => test.test(c.value))?.name;
}

/** Fields an expression can read: declared ones, computed ones included, and the built-in ones. */
export function readableFields(entity: EntityPlan): FieldPlan[] {
  return entity.name === 'User' ? entity.fields : [...entity.fields, ...BUILTIN_FIELDS];
}
