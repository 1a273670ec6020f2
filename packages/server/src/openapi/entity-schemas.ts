import { isSettable, peopleActions, type Entity, type Field } from '@specrun/model';
import { schemaNames, type DocumentContext } from './document-context.js';
import { answerFieldSchema, inputFieldSchema, requiredOnCreate } from './field-schemas.js';
import { passwordSchema } from './password-schema.js';
import type { JsonSchema, Reference } from './openapi-types.js';
import { NEXT_CURSOR } from './operation-parts.js';

function recordDescription(entity: Entity): string {
  const own = entity.description || `A ${entity.name} record.`;
  return `${own} Fields the caller may not read (section 6) are left out; \`id\` is always there.`;
}

/** `create:Booking.event` for each reference to the entity: what a read may offer to create. */
function createOffers(ctx: DocumentContext, entity: Entity): string[] {
  return ctx.model.entities.flatMap((child) =>
    child.fields
      .filter((f) => !f.builtin && f.type.kind === 'reference' && f.type.entity === entity.name)
      .map((f) => `create:${child.name}.${f.name}`),
  );
}

function actionsSchema(ctx: DocumentContext, entity: Entity): JsonSchema {
  const lifecycle = ctx.model.lifecycles.find((l) => l.entity === entity.name);
  const actions = peopleActions(lifecycle);
  const creates = createOffers(ctx, entity);
  return {
    type: 'array',
    items: {
      type: 'string',
      enum: [...new Set([...actions, 'update', 'delete', ...creates])],
    },
    uniqueItems: true,
    readOnly: true,
    description:
      'What the caller may do with the record now, as the server would accept it: the actions of ' +
      'its lifecycle whose checks hold (section 6 and the guard; a guard part on the input counts ' +
      'as holding), then `update` and `delete` when section 6 lets the caller change or delete ' +
      'the record as it is. Read alone with `offers=create`, then `create:<Entity>.<field>` for ' +
      'each record referring to it through that field that the caller could create now. ' +
      'Records placed by `include` do not carry it.',
  };
}

/**
 * How far `include` may expand a record's references: a record read (get, list) holds included
 * records, which may hold one level more (`include=loan.book`), which hold ids.
 */
type Expansion = 'read' | 'included' | 'none';

const hasReferences = (entity: Entity) =>
  entity.fields.some((f) => f.type.kind === 'reference' || f.type.kind === 'list');

/** A reference or list field whose ids `include` may replace by the records themselves. */
function expandable(
  ctx: DocumentContext,
  entity: Entity,
  field: Field,
  expansion: 'read' | 'included',
): JsonSchema {
  const { description, ...plain } = answerFieldSchema(ctx.model, entity, field);
  const type = field.type;
  if (type.kind !== 'reference' && type.kind !== 'list') return plain;
  const record = expansion === 'read' ? includedRef(ctx, type.entity) : recordRef(ctx, type.entity);
  const note = `${String(description ?? '')} \`include\` puts the records the caller may read in place of their ids.`;
  const schema =
    type.kind === 'reference'
      ? { anyOf: [plain, record] }
      : { ...plain, items: { anyOf: [{ type: 'string' }, record] } };
  return { ...schema, description: note.trim() };
}

function recordSchema(ctx: DocumentContext, entity: Entity, expansion: Expansion): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of entity.fields)
    properties[field.name] =
      expansion === 'none'
        ? answerFieldSchema(ctx.model, entity, field)
        : expandable(ctx, entity, field, expansion);
  properties.actions = actionsSchema(ctx, entity);
  return { type: 'object', description: recordDescription(entity), required: ['id'], properties };
}

/** One record of the entity, as create, update and transitions answer it. */
export function recordRef(ctx: DocumentContext, name: string): Reference {
  const entity = ctx.entity(name);
  return ctx.components.schema(schemaNames.record(name), () => recordSchema(ctx, entity, 'none'));
}

/** One record placed by `include`, whose own references `include=a.b` may expand in turn. */
function includedRef(ctx: DocumentContext, name: string): Reference {
  const entity = ctx.entity(name);
  if (!hasReferences(entity)) return recordRef(ctx, name);
  return ctx.components.schema(schemaNames.included(name), () =>
    recordSchema(ctx, entity, 'included'),
  );
}

/** One record as get and list answer it, where `include` may expand references in place. */
export function readRef(ctx: DocumentContext, name: string): Reference {
  const entity = ctx.entity(name);
  if (!hasReferences(entity)) return recordRef(ctx, name);
  return ctx.components.schema(schemaNames.read(name), () => recordSchema(ctx, entity, 'read'));
}

/** One page of a list: `{ items, nextCursor }`. */
export function pageRef(ctx: DocumentContext, name: string): Reference {
  return ctx.components.schema(schemaNames.page(name), () => ({
    type: 'object',
    description: `One page of ${name} records, in the order asked for.`,
    required: ['items'],
    properties: {
      items: { type: 'array', items: readRef(ctx, name) },
      total: {
        type: 'integer',
        minimum: 0,
        description:
          'How many records match, before paging: answered when the list is asked with `total=true`.',
      },
      nextCursor: NEXT_CURSOR,
    },
  }));
}

const WRITE_NOTE =
  'Section 6 decides which of these fields a caller may set; a request sending any other field is refused (400) and nothing of it is saved.';

function inputSchema(ctx: DocumentContext, entity: Entity, mode: 'create' | 'update') {
  const settable = entity.fields.filter(isSettable);
  const properties: Record<string, JsonSchema> = {};
  for (const field of settable)
    properties[field.name] = inputFieldSchema(ctx.model, entity, field, mode);
  const required = mode === 'create' ? settable.filter(requiredOnCreate).map((f) => f.name) : [];
  // A User made through the API is an account: it comes with the password it signs in with.
  if (entity.name === 'User' && mode === 'create') {
    properties.password = passwordSchema(ctx.model, 'The password the new account signs in with.');
    required.push('password');
  }
  const verb = mode === 'create' ? 'A new' : 'The fields that change of a';
  const schema: JsonSchema = {
    type: 'object',
    description: `${verb} ${entity.name}. ${WRITE_NOTE}`,
    additionalProperties: false,
    properties,
  };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** The body of a create: settable fields only, the required ones required. */
export function createRef(ctx: DocumentContext, name: string): Reference {
  const entity = ctx.entity(name);
  return ctx.components.schema(schemaNames.create(name), () => inputSchema(ctx, entity, 'create'));
}

/** The body of an update: only the fields that change. */
export function updateRef(ctx: DocumentContext, name: string): Reference {
  const entity = ctx.entity(name);
  return ctx.components.schema(schemaNames.update(name), () => inputSchema(ctx, entity, 'update'));
}
