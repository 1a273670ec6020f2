import { isAddressField } from '@specrun/model';
import type { AppModel, Entity, EntityShape, FieldShape, Shape } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { At } from '../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../read-context.js';

// A projection names fields of its entity; a reference rendered as an object names a reference
// field to that shape's entity; `tags.name` names a reference or list and a field of its target.

/** Fields a User projection may name that are not stored: the token a token call answers. */
const USER_PSEUDO_FIELDS = ['token'];

/** Whether a payload's value of this field finds one record: the id, a unique field, a slug… */
const isUnique = (entity: Entity, name: string): boolean => {
  if (name === 'id') return true;
  const field = entity.fields.find((f) => f.name === name);
  return field !== undefined && isAddressField(field);
};

/** The entity a reference or list field refers to, or undefined (with an error) if none. */
function targetOf(entity: Entity, name: string, at: At, ctx: ReadContext): string | undefined {
  const type = entity.fields.find((f) => f.name === name)?.type;
  if (type?.kind === 'reference' || type?.kind === 'list') return type.entity;
  ctx.bag.error(
    'bad-projection',
    at,
    `\`${name}\` is not a reference or a list of records of ${entity.name}.`,
    'render as an object, or as one field (`tags.name`), only a field that refers to records',
  );
  return undefined;
}

/**
 * Checks `field.pick` (`tags.name`): `field` refers to records, `pick` is a field of theirs —
 * unique when a payload carries it, since each value must find one record.
 */
export function checkPick(
  shape: FieldShape,
  source: string,
  pick: string,
  entity: Entity,
  model: AppModel,
  payload: boolean,
  ctx: ReadContext,
): void {
  const at = ctx.where.at(shape, 'field');
  const target = targetOf(entity, source, at, ctx);
  const other = model.entities.find((e) => e.name === target);
  if (!other) return;
  const pickAt = ctx.where.at(shape, 'pick');
  const names = other.fields.map((f) => f.name);
  const word = pick;
  if (
    !expectKnown(
      { code: 'unknown-field', what: `field of ${other.name}`, word, candidates: names },
      pickAt,
      ctx,
    )
  )
    return;
  if (payload && !isUnique(other, word))
    ctx.bag.error(
      'bad-projection',
      pickAt,
      `\`${word}\` is not unique in ${other.name}, so a payload's value cannot find one record.`,
      `send a unique field of ${other.name}, or mark \`${word}\` unique`,
    );
}

/** Checks an entity shape's projection (`User { username, author: Profile }`) or `Tag.name[]`. */
export function checkProjection(shape: EntityShape, model: AppModel, ctx: ReadContext): void {
  const entity = model.entities.find((e) => e.name === shape.entity);
  if (!entity) return;
  const names = entity.fields.map((f) => f.name);
  if (entity.name === 'User') names.push(...USER_PSEUDO_FIELDS);
  const what = `field of ${entity.name}`;
  if (shape.value !== undefined)
    expectKnown(
      { code: 'unknown-field', what, word: shape.value, candidates: names },
      ctx.where.at(shape, 'value'),
      ctx,
    );
  for (const property of shape.fields ?? []) {
    const at = ctx.where.at(property, 'name');
    const inner: Shape = property.shape;
    if (inner.kind === 'field') {
      const source = inner.field ?? property.name;
      const sourceAt = inner.field ? ctx.where.at(inner, 'field', at) : at;
      if (
        !expectKnown(
          { code: 'unknown-field', what, word: source, candidates: names },
          sourceAt,
          ctx,
        )
      )
        continue;
      if (inner.pick !== undefined) checkPick(inner, source, inner.pick, entity, model, false, ctx);
    } else if (inner.kind === 'entity') {
      // Renamed (`hiring_manager: hiringManager UserSummary`), the reference is `field`.
      const source = inner.field ?? property.name;
      const sourceAt = inner.field ? ctx.where.at(inner, 'field', at) : at;
      if (
        !expectKnown(
          { code: 'unknown-field', what, word: source, candidates: names },
          sourceAt,
          ctx,
        )
      )
        continue;
      const target = targetOf(entity, source, sourceAt, ctx);
      if (target !== undefined && target !== inner.entity)
        ctx.bag.error(
          'bad-projection',
          inner.field ? sourceAt : ctx.where.at(inner, 'entity', at),
          `\`${source}\` refers to ${target}, not ${inner.entity}.`,
          `render it as ${target} or a shape of ${target}`,
        );
      if (target !== undefined) checkProjection(inner, model, ctx);
    } else
      ctx.bag.error(
        'bad-projection',
        at,
        `A projection lists fields of ${entity.name}; \`${property.name}\` holds ${inner.kind === 'count' ? 'a count' : 'an object'}.`,
        'put counts and envelopes outside the projection: `{ items: Item[], count }`',
      );
  }
}
