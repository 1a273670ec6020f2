import type { AppModel, Entity, Field } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Why a slug's source cannot give it its value, or undefined when it can. */
function whyNotSource(source: Field, slug: Field): string | undefined {
  if (source === slug) return 'is the slug itself';
  if (source.type.kind !== 'text' && source.type.kind !== 'longText') return 'is not text';
  if (source.rules.some((r) => r.kind === 'computed')) return 'is computed, never stored';
  if (source.rules.some((r) => r.kind === 'slugFrom')) return 'is itself a slug';
  return undefined;
}

function checkSlug(entity: Entity, slug: Field, from: string, at: object, ctx: ReadContext): void {
  const where = ctx.where.at(at, 'from', ctx.where.at(slug, 'name'));
  const names = entity.fields.map((f) => f.name);
  const what = `field of ${entity.name}`;
  if (!expectKnown({ code: 'unknown-field', what, word: from, candidates: names }, where, ctx))
    return;
  const why = whyNotSource(
    entity.fields.find((f) => f.name === from)!,
    slug,
  );
  if (why)
    ctx.bag.error(
      'bad-slug-source',
      where,
      `\`${entity.name}.${slug.name}\` cannot be a slug of \`${from}\`: it ${why}.`,
      'name a stored text field of the entity, such as its title',
    );
  const other = slug.default
    ? 'a default'
    : slug.rules.some((r) => r.kind === 'computed' || r.kind === 'numbered')
      ? 'a computed or numbered value'
      : undefined;
  if (other)
    ctx.bag.error(
      'conflicting-rules',
      ctx.where.at(slug, 'name'),
      `\`${entity.name}.${slug.name}\` is a slug the engine derives, so it cannot also have ${other}.`,
      'remove the default, the computed value or the numbering, or the slug rule',
    );
}

/** Checks each `slug from x`: x is a stored text field of the entity, and nothing else sets it. */
export function checkSlugFields(model: AppModel, ctx: ReadContext): void {
  for (const entity of model.entities)
    for (const field of entity.fields)
      for (const rule of field.rules)
        if (rule.kind === 'slugFrom') checkSlug(entity, field, rule.from, rule, ctx);
}
