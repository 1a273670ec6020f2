import type { Entity, EntityShape, FieldShape, ShapeProperty } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { readRef } from './entity-schemas.js';
import { answerFieldSchema } from './field-schemas.js';
import { orNull } from './field-values.js';
import type { JsonSchema } from './openapi-types.js';

// A projection (`User { username, bio }`) answers an object of only those properties; none is
// required, since a field the caller may not read is left out. A named shape is one component
// under its name, referred to wherever it is used.

/** A schema that also accepts null; a reference to a component is wrapped, not widened. */
function nullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return schema;
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) return orNull(schema);
  return { anyOf: [schema, { type: 'null' }] };
}

/** `tags.name`: the names of the records a list refers to, or the one a reference does. */
export function pickSchema(ctx: DocumentContext, entity: Entity, shape: FieldShape): JsonSchema {
  const type = entity.fields.find((f) => f.name === shape.field)?.type;
  if (type?.kind !== 'reference' && type?.kind !== 'list') return {};
  const target = ctx.entity(type.entity);
  const field = target.fields.find((f) => f.name === shape.pick);
  const one = field ? answerFieldSchema(ctx.model, target, field) : {};
  return type.kind === 'list' ? { type: 'array', items: one } : nullable(one);
}

function propertySchema(ctx: DocumentContext, entity: Entity, property: ShapeProperty): JsonSchema {
  const name = property.name;
  const inner = property.shape;
  if (inner.kind === 'entity') {
    const source = inner.field ?? name;
    const type = entity.fields.find((f) => f.name === source)?.type;
    const one = projectionSchema(ctx, inner);
    // A reference the caller may not read is answered as null.
    return type?.kind === 'list' ? { type: 'array', items: one } : nullable(one);
  }
  if (inner.kind !== 'field') return {};
  if (inner.pick !== undefined)
    return pickSchema(ctx, entity, { ...inner, field: inner.field ?? name });
  const source = inner.field ?? name;
  const field = entity.fields.find((f) => f.name === source);
  if (field) return answerFieldSchema(ctx.model, entity, field);
  return source === 'token'
    ? { type: 'string', description: 'The token to send in later calls.' }
    : {};
}

function build(ctx: DocumentContext, shape: EntityShape): JsonSchema {
  const entity = ctx.entity(shape.entity);
  if (shape.value !== undefined) {
    const field = entity.fields.find((f) => f.name === shape.value);
    return field ? answerFieldSchema(ctx.model, entity, field) : {};
  }
  if (!shape.fields) return readRef(ctx, shape.entity);
  const properties: Record<string, JsonSchema> = {};
  for (const p of shape.fields) properties[p.name] = propertySchema(ctx, entity, p);
  return { type: 'object', properties, additionalProperties: false };
}

/** One record as an entity shape answers it: a projection, one field, or the whole record. */
export function projectionSchema(ctx: DocumentContext, shape: EntityShape): JsonSchema {
  if (shape.named === undefined) return build(ctx, shape);
  return ctx.components.schema(shape.named, () => ({
    ...build(ctx, shape),
    description: `${shape.named}: ${shape.entity} as section 7's shape of that name answers it.`,
  }));
}
