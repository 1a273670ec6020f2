import type { Entity, FieldShape } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import type { JsonSchema } from './openapi-types.js';

/**
 * `tagList?: tags.name` in a payload: the unique values that find the records (made when
 * missing and the caller may create them); order is kept, duplicates dropped.
 */
export function pickPayloadSchema(
  ctx: DocumentContext,
  entity: Entity,
  shape: FieldShape,
): JsonSchema {
  const type = entity.fields.find((f) => f.name === shape.field)?.type;
  if (type?.kind !== 'reference' && type?.kind !== 'list') return {};
  const description =
    `Each value finds the ${ctx.entity(type.entity).name} whose ${shape.pick ?? ''} it is, ` +
    'made when missing if the caller may create one.';
  if (type.kind === 'reference') return { type: ['string', 'null'], description };
  return { type: 'array', items: { type: 'string' }, description };
}
