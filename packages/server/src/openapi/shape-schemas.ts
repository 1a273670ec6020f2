import { TOKEN_FIELD, type Shape, type ApiCall } from '@specrun/model';
import { accountFieldSchema, signUpRef } from './account-schemas.js';
import type { DocumentContext } from './document-context.js';
import { createRef, readRef, recordRef, updateRef } from './entity-schemas.js';
import { answerFieldSchema, inputFieldSchema } from './field-schemas.js';
import type { JsonSchema } from './openapi-types.js';
import { NEXT_CURSOR } from './operation-parts.js';
import { pickPayloadSchema } from './pick-payload-schema.js';
import { pickSchema, projectionSchema } from './projection-schemas.js';
import { TOKEN_FIELD_SCHEMA } from './token-security.js';
import { transitionInputSchema } from './transition-inputs.js';

type Side = 'payload' | 'response';

/** The entity a call is about; the session calls are about User. */
function callEntity(call: ApiCall): string {
  return 'entity' in call.operation ? call.operation.entity : 'User';
}

/** A bare name in a payload: a field of the operation's entity, or of a transition's `input`. */
function payloadField(ctx: DocumentContext, call: ApiCall, name: string): JsonSchema {
  const op = call.operation;
  if (op.kind === 'sign-up' || op.kind === 'sign-in')
    return accountFieldSchema(ctx, name, op.kind) ?? {};
  const newAccount = op.kind === 'create' && op.entity === 'User';
  if ((op.kind === 'update-me' || newAccount) && (name === 'email' || name === 'password'))
    return accountFieldSchema(ctx, name, 'sign-up') ?? {};
  const entity = ctx.entity(callEntity(call));
  if (op.kind === 'transition') return transitionInputSchema(ctx.model, entity, op.action, name);
  const field = entity.fields.find((f) => f.name === name);
  if (!field) return {};
  return inputFieldSchema(ctx.model, entity, field, op.kind === 'create' ? 'create' : 'update');
}

/** A bare name in a response: the record's field, or a list's cursor (http/envelopes.ts). */
function responseField(ctx: DocumentContext, call: ApiCall, name: string): JsonSchema {
  const entity = ctx.entity(callEntity(call));
  const field = entity.fields.find((f) => f.name === name);
  if (field) return answerFieldSchema(ctx.model, entity, field);
  if (name === TOKEN_FIELD && ctx.model.access?.tokens) return TOKEN_FIELD_SCHEMA;
  return name === 'nextCursor' && call.operation.kind === 'list' ? NEXT_CURSOR : {};
}

/** A record named in a shape: what the operation takes (its input) or answers. */
function entitySchema(ctx: DocumentContext, call: ApiCall, entity: string, side: Side): JsonSchema {
  const kind = call.operation.kind;
  if (side === 'payload' && kind === 'create') return createRef(ctx, entity);
  if (side === 'payload' && kind === 'update') return updateRef(ctx, entity);
  if (side === 'payload' && kind === 'sign-up') return signUpRef(ctx);
  return kind === 'list' || kind === 'get' ? readRef(ctx, entity) : recordRef(ctx, entity);
}

function objectSchema(
  ctx: DocumentContext,
  call: ApiCall,
  shape: Extract<Shape, { kind: 'object' }>,
  side: Side,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of shape.properties)
    properties[p.name] = shapeSchema(ctx, call, p.shape, side, p.name);
  const required = shape.properties.filter((p) => !p.optional).map((p) => p.name);
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  // A payload's keys are exactly the shape's: anything else is refused, never dropped.
  if (side === 'payload') schema.additionalProperties = false;
  return schema;
}

/**
 * The JSON Schema of a declared payload or response shape (section 7, "Shapes"), as
 * http/envelopes.ts unwraps and wraps it: envelopes become objects, `Ticket[]` an array, bare
 * names fields, `count` the number of matches.
 */
export function shapeSchema(
  ctx: DocumentContext,
  call: ApiCall,
  shape: Shape,
  side: Side,
  name = '',
): JsonSchema {
  switch (shape.kind) {
    case 'count':
      return {
        type: 'integer',
        minimum: 0,
        description: 'The number of records matching, before paging.',
      };
    case 'field': {
      const source = shape.field ?? name;
      if (shape.pick !== undefined) {
        const picked = { ...shape, field: source };
        if (side === 'response') return pickSchema(ctx, ctx.entity(callEntity(call)), picked);
        return pickPayloadSchema(ctx, ctx.entity(callEntity(call)), picked);
      }
      return side === 'payload'
        ? payloadField(ctx, call, source)
        : responseField(ctx, call, source);
    }
    case 'entity': {
      const projected = side === 'response' && (shape.fields ?? shape.value) !== undefined;
      const one = projected
        ? projectionSchema(ctx, shape)
        : entitySchema(ctx, call, shape.entity, side);
      return shape.list ? { type: 'array', items: one } : one;
    }
    case 'object':
      return objectSchema(ctx, call, shape, side);
  }
}

/**
 * A list's declared response: the shape, and `nextCursor` beside the records when the shape's
 * envelope does not name it, so that every list can be paged.
 */
export function listAnswerSchema(ctx: DocumentContext, call: ApiCall, shape: Shape): JsonSchema {
  const schema = shapeSchema(ctx, call, shape, 'response');
  if (shape.kind !== 'object' || shape.properties.some((p) => p.name === 'nextCursor'))
    return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  properties.nextCursor = NEXT_CURSOR;
  return { ...schema, properties };
}
