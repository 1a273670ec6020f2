import { constantLike, readableFields, type GenContext } from './context.js';
import { countOf, scopes } from './expressions.js';
import type { EntityPlan, FieldPlan } from './plan.js';

const code = (expression: string) => `\`${expression}\``;

/** Another field of the entity of the same kind, to compute from. */
function sibling(entity: EntityPlan, kind: FieldPlan['kind'], not?: string) {
  return readableFields(entity).find((f) => f.kind === kind && f.name !== not);
}

/** The Default cell of a field, or undefined: literals, and expressions of its type. */
export function defaultOf(ctx: GenContext, field: FieldPlan): string | undefined {
  const { draw } = ctx;
  if (!draw.chance(0.35)) return undefined;
  if (draw.chance(ctx.wrong) && field.kind === 'date') return code('now');
  switch (field.kind) {
    case 'reference':
      return field.target === 'User' ? code('user.id') : undefined;
    case 'datetime':
      return code('now');
    case 'date':
      return draw.pick([code('today()'), code(`today() + duration("72h")`)]);
    case 'integer': {
      const bound = constantLike(ctx, /^\d+$/);
      const counted = ctx.entities[0]?.name ?? 'User';
      const count = code(`count(${counted}, x, x.createdBy == user.id)`);
      return draw.pick(['0', '1', count, ...(bound ? [code(bound)] : [])]);
    }
    case 'boolean':
      return draw.pick(['false', 'true']);
    case 'enum':
      return draw.pick(field.values!);
    case 'money':
      return '0.00';
    case 'text':
      return draw.pick([code('user.name'), code('"untitled"')]);
    case 'email':
      return code('user.email');
    default:
      return undefined;
  }
}

/** A value computed from the record for a field of this kind, when the entity allows one. */
export function computedOf(
  ctx: GenContext,
  entity: EntityPlan,
  field: FieldPlan,
): string | undefined {
  const { draw } = ctx;
  if (draw.chance(ctx.wrong)) return 'user.id';
  const integer = sibling(entity, 'integer', field.name);
  switch (field.kind) {
    case 'integer':
      return draw.pick([
        integer ? `record.${integer.name} * 2` : 'record.version + 1',
        `count(${draw.pick([...ctx.entities.map((e) => e.name), entity.name])}, x, x.createdBy == record.createdBy)`,
      ]);
    case 'money': {
      const money = sibling(entity, 'money', field.name);
      return money
        ? `record.${money.name} * ${integer ? `record.${integer.name}` : '0.125'}`
        : undefined;
    }
    case 'boolean':
      return integer ? `record.${integer.name} > 3` : 'record.version > 1';
    case 'text': {
      const text = sibling(entity, 'text', field.name);
      return text ? `record.${text.name} + " (copy)"` : undefined;
    }
    case 'date': {
      const date = sibling(entity, 'date', field.name);
      return date ? `record.${date.name} + duration("72h")` : undefined;
    }
    case 'datetime':
      return 'record.createdAt + duration("72h")';
    default:
      return undefined;
  }
}

/** One `field = \`expr\`` item of a Sets cell, for a field a transition may assign. */
export function assignmentOf(ctx: GenContext, entity: EntityPlan, field: FieldPlan): string {
  const { draw } = ctx;
  const to = (expression: string) => `${field.name} = ${code(expression)}`;
  if (draw.chance(ctx.wrong)) {
    return draw.pick([
      to(countOf(ctx, scopes.when(entity))),
      field.kind === 'date' ? to('now') : to('record.titel'),
    ]);
  }
  switch (field.kind) {
    case 'datetime':
      return to(draw.pick(['now', 'null']));
    case 'date':
      return to(draw.pick(['today()', 'today() + duration("72h")']));
    case 'reference':
      return to(field.target === 'User' ? draw.pick(['user.id', 'input.assignee']) : 'null');
    case 'text':
    case 'longText':
      return to(draw.pick(['input.reason', '"done"', `"by " + user.name`]));
    case 'integer':
      return to(draw.pick([`record.${field.name} + 1`, '0', 'input.hours']));
    case 'boolean':
      return to(draw.pick(['true', `!record.${field.name}`]));
    case 'money':
      return to(draw.pick([`record.${field.name} * 2`, `record.${field.name} / 3`, '0.00']));
    case 'decimal':
      return to(`record.${field.name} * 2`);
    case 'enum':
      return to(`"${draw.pick(field.values!)}"`);
    default:
      return to('null');
  }
}
