import { ENTITIES, ENUM_VALUES, FIELD_KINDS, FIELD_NAMES } from './names.js';
import type { GenContext } from './context.js';
import type { EntityPlan, FieldKind, FieldPlan } from './plan.js';
import { computedOf, defaultOf } from './values.js';

/** The section 3 rules that fit a field of this kind: the field checks. */
function checksOf(ctx: GenContext, field: FieldPlan): string[] {
  const { draw } = ctx;
  const rules: string[] = [];
  const text = ['text', 'longText', 'email', 'url'].includes(field.kind);
  if (['text', 'email', 'integer'].includes(field.kind) && draw.chance(0.15)) rules.push('unique');
  if (text && draw.chance(0.3)) rules.push(draw.pick(['2..80 chars', 'at most 200 chars']));
  if (field.kind === 'text' && draw.chance(0.15)) rules.push('pattern `^[A-Za-z0-9 ]+$`');
  if (['integer', 'decimal', 'money'].includes(field.kind) && draw.chance(0.3))
    rules.push(draw.pick(['min 0', 'max 1000', 'min 1']));
  if (field.kind === 'date' && draw.chance(0.2)) rules.push('after today');
  if (field.kind === 'list' && draw.chance(0.3)) rules.push('at most 3');
  if (draw.chance(ctx.wrong)) rules.push(draw.pick(['min 3', '5..2 chars', 'after today']));
  // A default that breaks its own field's rule makes a specification whose records can only be
  // made by giving the field (check does not tell): not what this generator sets out to try.
  const breaks = (rule: string) =>
    (rule === 'after today' && field.default === '`today()`') ||
    (rule === 'min 1' && field.default !== undefined && field.kind === 'integer');
  return rules.filter((rule) => !breaks(rule));
}

/** The type cell's meaning: a kind, and for some kinds their values or target. */
function typed(ctx: GenContext, kind: FieldKind, entity: string, name: string): FieldPlan {
  const { draw } = ctx;
  const field: FieldPlan = { name, kind, required: false, rules: [] };
  if (kind === 'enum') field.values = [...draw.pick(ENUM_VALUES)];
  if (kind === 'reference' || kind === 'list') {
    // Earlier entities and User, so that records can be made in declaration order.
    const targets = ['User', ...ctx.entities.map((e) => e.name)];
    field.target = draw.pick(kind === 'list' && targets.length > 1 ? targets.slice(1) : targets);
  }
  if (draw.chance(ctx.wrong) && kind === 'reference') field.target = `${entity}x`;
  return field;
}

/** The fields of one entity: a few of any type, then maybe a computed one. */
export function fieldsOf(ctx: GenContext, entity: string, max: number): FieldPlan[] {
  const { draw } = ctx;
  const kinds = draw.some(FIELD_KINDS, 1, max);
  const fields: FieldPlan[] = [];
  const used = new Set<string>();
  for (const kind of kinds) {
    const name = FIELD_NAMES[kind].find((n) => !used.has(n))!;
    used.add(name);
    const field = typed(ctx, kind, entity, name);
    field.required = kind !== 'list' && kind !== 'file' && draw.chance(0.35);
    const fallback = defaultOf(ctx, field);
    if (fallback) field.default = fallback;
    field.rules = checksOf(ctx, field);
    if (field.default && field.kind === 'reference' && draw.chance(0.5))
      field.rules.push('read-only');
    fields.push(field);
  }
  return fields;
}

/** A computed field for the entity, when one of the kinds drawn can be computed from it. */
function computedField(ctx: GenContext, entity: EntityPlan): FieldPlan | undefined {
  const kind = ctx.draw.pick(['integer', 'money', 'boolean', 'text', 'date', 'datetime'] as const);
  const field: FieldPlan = { name: `${kind}Computed`, kind, required: false, rules: [] };
  const expression = computedOf(ctx, entity, field);
  if (!expression) return undefined;
  field.rules = [`\`\`computed \`${expression}\` \`\``];
  return field;
}

/** Section 3: some entities, each with fields of every type across the draw. */
export function drawEntities(ctx: GenContext): void {
  const { draw } = ctx;
  const chosen = draw.some(ENTITIES, 1, 3);
  for (const { name, plural } of chosen) {
    const entity: EntityPlan = { name, plural, fields: fieldsOf(ctx, name, 6) };
    if (draw.chance(0.3)) {
      const computed = computedField(ctx, entity);
      if (computed) entity.fields.push(computed);
    }
    ctx.entities.push(entity);
  }
}
