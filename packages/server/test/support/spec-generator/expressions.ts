import { INPUTS } from './names.js';
import {
  constantLike,
  entityNamed,
  readableFields,
  userEntity,
  type GenContext,
  type Scope,
} from './context.js';
import type { FieldPlan } from './plan.js';

/** A duration: a declared duration constant, or a literal one. */
function duration(ctx: GenContext): string {
  const name = constantLike(ctx, /^\d+[mhd]$/);
  return name && ctx.draw.chance(0.5) ? `duration(${name})` : 'duration("72h")';
}

const intBound = (ctx: GenContext) => constantLike(ctx, /^\d+$/) ?? '5';

/** A condition on one value of a field's type, reached by `path` (`record.title`, `x.owner`). */
export function fieldCondition(
  ctx: GenContext,
  scope: Scope,
  path: string,
  field: FieldPlan,
  depth = 0,
): string {
  const { draw } = ctx;
  const orNull = field.required ? [] : [`${path} == null`, `${path} != null`];
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return draw.pick([`size(${path}) >= 2`, `${path} != ""`, ...orNull]);
    case 'integer':
      return draw.pick([`${path} > 0`, `${path} <= ${intBound(ctx)}`, `${path} % 2 == 0`]);
    case 'decimal':
      return draw.pick([`${path} >= 1.5`, `${path} * 2 < 100`]);
    case 'money': {
      const bound = constantLike(ctx, /^[\d.]+ [A-Z]{3}$/) ?? '1000';
      return draw.pick([`${path} <= ${bound}`, `${path} > 0`, `${path} * 2 < ${bound}`]);
    }
    case 'boolean':
      return draw.pick([path, `!${path}`, `${path} == true`]);
    case 'date':
      return draw.pick([
        `${path} >= today()`,
        `today() - ${path} < ${duration(ctx)}`,
        `${path} < now`,
      ]);
    case 'datetime':
      return draw.pick([`${path} < now`, `now - ${path} < ${duration(ctx)}`]);
    case 'enum':
    case 'state': {
      const values = field.values ?? [];
      const [a, b] = [draw.pick(values), draw.pick(values)];
      return draw.pick([`${path} == "${a}"`, `${path} in ["${a}", "${b}"]`, `${path} != "${b}"`]);
    }
    case 'reference': {
      const options = [`${path} != null`];
      if (field.target === 'User' && scope.user) options.push(`${path} == user.id`);
      if (field.target === scope.entity.name && scope.record) options.push(`${path} != record.id`);
      const target = entityNamed(ctx, field.target!);
      const followed = target && readableFields(target).filter(simple);
      if (depth === 0 && followed && followed.length > 0 && draw.chance(0.4)) {
        const next = draw.pick(followed);
        return fieldCondition(ctx, scope, `${path}.${next.name}`, next, depth + 1);
      }
      return draw.pick(options);
    }
    case 'list': {
      const options = [`size(${path}) <= 3`, `size(${path}) > 0`];
      if (field.target === 'User' && scope.user) options.push(`user.id in ${path}`);
      return draw.pick(options);
    }
    case 'file':
      return draw.pick([`${path} != null`, `${path} == null`]);
  }
}

/** Fields worth following a reference to: not lists, files nor further references. */
const simple = (f: FieldPlan) => !['list', 'file', 'reference'].includes(f.kind);

/** A condition about the signed-in user. */
function userCondition(ctx: GenContext, scope: Scope): string {
  const own = ctx.userFields.filter((f) => f.kind !== 'list');
  if (own.length > 0 && ctx.draw.chance(0.4)) {
    const field = ctx.draw.pick(own);
    return fieldCondition(ctx, scope, `user.${field.name}`, field);
  }
  return ctx.draw.pick([`"${ctx.draw.pick(ctx.roles)}" in user.roles`, `user.email != ""`]);
}

/** A condition on a transition's payload. */
function inputCondition(ctx: GenContext): string {
  return ctx.draw.pick([
    'input.reason != null',
    'size(input.reason) >= 3',
    'input.hours > 0',
    'input.assignee != null',
  ]);
}

/** One part of a count's condition, over the counted record `x`. */
function countPart(ctx: GenContext, scope: Scope, counted: string): string {
  const { draw } = ctx;
  const entity = entityNamed(ctx, counted)!;
  const fields = [...readableFields(entity), { name: 'id', kind: 'text', rules: [] } as never];
  const parts: (() => string)[] = [];
  const field = draw.pick(fields) as FieldPlan;
  parts.push(() => fieldCondition(ctx, scope, `x.${field.name}`, field));
  const toHere = fields.filter(
    (f: FieldPlan) => f.kind === 'reference' && f.target === scope.entity.name,
  );
  if (scope.record && toHere.length > 0)
    parts.push(() => `x.${draw.pick(toHere).name} == record.id`);
  const toUser = fields.filter((f: FieldPlan) => f.kind === 'reference' && f.target === 'User');
  if (scope.user && counted === 'User') parts.push(() => `x.id == user.id`);
  if (scope.user && toUser.length > 0) parts.push(() => `x.${draw.pick(toUser).name} == user.id`);
  if (scope.input) {
    const op = draw.pick(['==', '!=']);
    parts.push(() => `x.${field.name} ${op} input.${draw.pick(INPUTS)}`);
    // What the database cannot run: an ordering on input (check must say so, with a position).
    if (draw.chance(ctx.wrong)) parts.push(() => `x.${field.name} < input.hours`);
  }
  if (scope.record) {
    const same = readableFields(scope.entity).find((f) => f.name === field.name);
    if (same && same.kind === field.kind && same.target === field.target)
      parts.push(() => `x.${field.name} == record.${field.name}`);
  }
  return draw.pick(parts)();
}

/** `count(E, x, …)`: E drawn among the entities and User. */
export function countOf(ctx: GenContext, scope: Scope): string {
  const { draw } = ctx;
  const counted = draw.pick([...ctx.entities.map((e) => e.name), 'User']);
  const parts = [countPart(ctx, scope, counted)];
  if (draw.chance(0.4)) parts.push(countPart(ctx, scope, counted));
  return `count(${counted}, x, ${parts.join(' && ')})`;
}

/** `count(E, x, …) op bound`. */
export function countCondition(ctx: GenContext, scope: Scope): string {
  const bound = ctx.draw.pick([`< ${intBound(ctx)}`, '== 0', '>= 1', '== 1', '<= 100']);
  return `${countOf(ctx, scope)} ${bound}`;
}

/** A part that `check` must refuse, with a position: the somewhat-wrong specifications. */
function mistake(ctx: GenContext, scope: Scope): string {
  const fields = readableFields(scope.entity);
  const text = fields.find((f) => f.kind === 'text');
  const choice = [
    'record.titel != ""',
    'UNDECLARED_LIMIT > 1',
    'has(record.id)',
    `"${ctx.draw.pick(ctx.roles)}" in user.rolez`,
    ...(text ? [`record.${text.name} > 3`] : []),
    ...(scope.input ? [] : ['input.reason != null']),
    ...(scope.user ? [] : ['user.id != ""']),
  ];
  return ctx.draw.pick(choice);
}

/** One comparison or test: of a field, the user, the input, a count, or the clock. */
function atom(ctx: GenContext, scope: Scope): string {
  const { draw } = ctx;
  if (draw.chance(ctx.wrong)) return mistake(ctx, scope);
  const kinds: (() => string)[] = [];
  if (scope.record) {
    const field = draw.pick(readableFields(scope.entity));
    kinds.push(() => fieldCondition(ctx, scope, `record.${field.name}`, field));
    kinds.push(() => fieldCondition(ctx, scope, `record.${field.name}`, field));
  }
  if (scope.old) {
    const field = draw.pick(readableFields(scope.entity).filter((f) => f.kind === 'integer'));
    kinds.push(() => `record.${field.name} >= old.${field.name}`);
  }
  if (scope.user) kinds.push(() => userCondition(ctx, scope));
  if (scope.input) kinds.push(() => inputCondition(ctx));
  kinds.push(() => countCondition(ctx, scope));
  const flag = constantLike(ctx, /^(true|false)$/);
  if (flag) kinds.push(() => flag);
  return draw.pick(kinds)();
}

/** A boolean expression for the scope: atoms joined by &&, || and !, a few levels deep. */
export function condition(ctx: GenContext, scope: Scope, depth = 0): string {
  const { draw } = ctx;
  const shape = depth >= 2 ? 0 : draw.int(0, 4);
  if (shape <= 1) return atom(ctx, scope);
  const [a, b] = [condition(ctx, scope, depth + 1), condition(ctx, scope, depth + 1)];
  if (shape === 2) return `${a} && ${b}`;
  if (shape === 3) return `(${a} || ${b})`;
  return `!(${a})`;
}

/** The scope of each place an expression is written (spec-language.md, "Names in scope"). */
export const scopes = {
  when: (entity: Scope['entity']): Scope => ({
    entity,
    record: true,
    old: true,
    user: true,
    input: true,
  }),
  rule: (entity: Scope['entity'], onUpdate: boolean): Scope => ({
    entity,
    record: true,
    old: onUpdate && readableFields(entity).some((f) => f.kind === 'integer'),
    user: true,
    input: false,
  }),
  allowed: (entity: Scope['entity']): Scope => ({
    entity,
    record: true,
    old: false,
    user: true,
    input: false,
  }),
  computed: (entity: Scope['entity']): Scope => ({
    entity,
    record: true,
    old: false,
    user: false,
    input: false,
  }),
};

export { userEntity };
