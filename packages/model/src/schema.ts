import { z } from 'zod';
import { MODEL_VERSION, type AppModel, type AppProperties } from './app-model.js';
import type { CallParameter } from './calls/call-parameters.js';
import type { Call, Operation, Shape, ShapeProperty } from './calls/call.js';
import type { CallAccess } from './calls/call-access.js';
import type { CatalogueEntry } from './catalogue/catalogue-entry.js';
import type { Constant, ConstantValue } from './constants.js';
import type { Diagnostic } from './diagnostic.js';
import type { Entity, Field, FieldDefault, FieldRule, FieldType } from './entity.js';
import type { Expression } from './expression.js';
import type { Effect, EffectTarget } from './effects.js';
import type { Assignment, InitialChoice, Lifecycle, Transition } from './lifecycle.js';
import type { Allowance, FieldSelection, Permission, Role } from './permissions.js';
import type { ValidationRule } from './rules.js';
import { SCREEN_KINDS, type Screen } from './screens.js';
import type { Section } from './sections.js';

/** Names and descriptions of the model's parts, used only to write the JSON Schema's `$defs`. */
export const modelSchemaRegistry = z.registry<{ id?: string; description?: string }>();

function named<S extends z.ZodType>(schema: S, id: string, description: string): S {
  modelSchemaRegistry.add(schema, { id, description });
  return schema;
}

const line = z.int().min(1);
const name = z.string().min(1);

export const expressionSchema = named(
  z.strictObject({ source: z.string(), line, column: z.int().min(1) }),
  'Expression',
  'A CEL expression as written in the document, with where its first character stands.',
);

// Section 2

export const screenSchema = named(
  z.strictObject({
    route: z.string(),
    name: z.string(),
    kind: z.enum(SCREEN_KINDS),
    entity: z.string().optional(),
    who: z.array(name),
    filter: expressionSchema.optional(),
    fields: z.array(name).optional(),
    text: z.string().optional(),
    derived: z.boolean(),
    line: line.optional(),
  }),
  'Screen',
  'A screen of section 2, or one the engine derives when the section is unspecified.',
);

// Section 3

/** A variant that carries nothing but its kind: `{ kind: 'text' }`. */
const tag = <const K extends string>(kind: K) => z.strictObject({ kind: z.literal(kind) });

export const fieldTypeSchema = named(
  z.discriminatedUnion('kind', [
    tag('text'),
    tag('longText'),
    tag('integer'),
    tag('decimal'),
    tag('boolean'),
    tag('date'),
    tag('datetime'),
    tag('email'),
    tag('url'),
    tag('file'),
    tag('files'),
    tag('state'),
    tag('id'),
    tag('roles'),
    z.strictObject({ kind: z.literal('money'), currency: z.string().optional() }),
    z.strictObject({ kind: z.literal('enum'), values: z.array(name) }),
    z.strictObject({ kind: z.literal('reference'), entity: name }),
    z.strictObject({ kind: z.literal('list'), entity: name }),
  ]),
  'FieldType',
  "A field's type, one variant per type name of section 3.",
);

const bounds = { min: z.number().optional(), max: z.number().optional() };

export const fieldRuleSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('unique'), with: z.array(name).optional() }),
    z.strictObject({
      kind: z.literal('numbered'),
      format: z.string().min(1),
      per: name.optional(),
    }),
    tag('readOnly'),
    z.strictObject({ kind: z.literal('slugFrom'), from: name, follows: z.boolean().optional() }),
    tag('afterToday'),
    z.strictObject({
      kind: z.literal('fileKinds'),
      kinds: z.array(z.string().regex(/^(image|pdf|\.[a-z0-9]{1,16})$/)).min(1),
    }),
    z.strictObject({ kind: z.literal('maxBytes'), value: z.number().int().positive() }),
    z.strictObject({ kind: z.literal('length'), ...bounds }),
    z.strictObject({ kind: z.literal('items'), ...bounds }),
    z.strictObject({ kind: z.literal('min'), value: z.number() }),
    z.strictObject({ kind: z.literal('max'), value: z.number() }),
    z.strictObject({ kind: z.literal('pattern'), regex: z.string() }),
    z.strictObject({ kind: z.literal('computed'), expression: expressionSchema }),
  ]),
  'FieldRule',
  "One rule of a field's Rules cell. Bounds are inclusive.",
);

export const fieldDefaultSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('literal'),
      value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    }),
    z.strictObject({ kind: z.literal('expression'), expression: expressionSchema }),
  ]),
  'FieldDefault',
  "A field's default: a literal written in the cell, or a CEL expression in backticks.",
);

export const fieldSchema = named(
  z.strictObject({
    name,
    type: fieldTypeSchema,
    required: z.boolean(),
    default: fieldDefaultSchema.optional(),
    rules: z.array(fieldRuleSchema),
    builtin: z.boolean(),
    description: z.string().optional(),
    line: line.optional(),
  }),
  'Field',
  'A field of an entity, declared in section 3 or built in.',
);

export const entitySchema = named(
  z.strictObject({
    name,
    plural: name,
    description: z.string(),
    fields: z.array(fieldSchema),
    builtin: z.boolean(),
    line: line.optional(),
  }),
  'Entity',
  'An entity of section 3 (or the built-in User), with its built-in fields included.',
);

// Section 4

export const assignmentSchema = named(
  z.strictObject({ field: name, value: expressionSchema }),
  'Assignment',
  'A field assignment applied by a transition: `resolvedAt = now`.',
);

export const transitionSchema = named(
  z.strictObject({
    from: z.array(name),
    action: name,
    to: name,
    who: z.array(name),
    when: expressionSchema.optional(),
    sets: z.array(assignmentSchema),
    error: z.string().optional(),
    line,
  }),
  'Transition',
  'One row of a lifecycle table. `who` holding `system` alone makes it an automatic transition: the engine takes it when its When holds.',
);

export const initialChoiceSchema = named(
  z.strictObject({ state: name, when: expressionSchema }),
  'InitialChoice',
  'A data-dependent initial state: the state a new record starts in when the condition holds.',
);

export const effectTargetSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('reference'), field: name }),
    z.strictObject({
      kind: z.literal('first'),
      entity: name,
      variable: name,
      where: expressionSchema,
      by: name.optional(),
      descending: z.boolean().optional(),
    }),
  ]),
  'EffectTarget',
  'The record an effect changes: one the record references, or the first one a query finds.',
);

export const effectSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('create'),
      after: name,
      entity: name,
      sets: z.array(assignmentSchema),
      line,
    }),
    z.strictObject({
      kind: z.literal('take'),
      after: name,
      target: effectTargetSchema,
      action: name,
      line,
    }),
    z.strictObject({
      kind: z.literal('update'),
      after: name,
      target: effectTargetSchema,
      sets: z.array(assignmentSchema),
      line,
    }),
  ]),
  'Effect',
  'A change to another record made in the transaction of a transition or a create (`- After cancel: …`).',
);

export const lifecycleSchema = named(
  z.strictObject({
    entity: name,
    field: name,
    states: z.array(name),
    initial: name,
    initialWhen: z.array(initialChoiceSchema).optional(),
    transitions: z.array(transitionSchema),
    effects: z.array(effectSchema).optional(),
    description: z.string(),
    line,
  }),
  'Lifecycle',
  'The states of one entity and the transitions between them (section 4).',
);

// Section 5

export const validationRuleSchema = named(
  z.strictObject({
    entity: name,
    rule: expressionSchema,
    error: z.string(),
    on: z.array(z.enum(['create', 'update', 'delete'])),
    field: z.string().optional(),
    line,
  }),
  'ValidationRule',
  'A validation rule of section 5.',
);

// Section 6

export const roleSchema = named(
  z.strictObject({
    name,
    description: z.string(),
    signUp: z.enum(['default', 'yes', 'no']),
    line: line.optional(),
  }),
  'Role',
  'A role of section 6. `anyone` and `signed-in` are built in and never listed here.',
);

export const fieldSelectionSchema = named(
  z.discriminatedUnion('kind', [
    tag('all'),
    tag('none'),
    z.strictObject({ kind: z.literal('allExcept'), fields: z.array(name) }),
    z.strictObject({ kind: z.literal('only'), fields: z.array(name) }),
  ]),
  'FieldSelection',
  'Which fields a permission row covers.',
);

export const allowanceSchema = named(
  z.discriminatedUnion('kind', [
    tag('yes'),
    tag('no'),
    z.strictObject({ kind: z.literal('when'), condition: expressionSchema }),
  ]),
  'Allowance',
  'Whether a permission row allows: always, never, or when a CEL condition holds.',
);

export const permissionSchema = named(
  z.strictObject({
    role: name,
    entity: name,
    actions: z.array(name),
    allowed: allowanceSchema,
    fields: fieldSelectionSchema,
    line,
  }),
  'Permission',
  'One row of the permissions table; `*` stands for every entity or every action.',
);

// Section 7

export const operationSchema = named(
  z.union([
    z.strictObject({ kind: z.enum(['list', 'get', 'create', 'update', 'delete']), entity: name }),
    z.strictObject({ kind: z.literal('transition'), entity: name, action: name }),
    z.strictObject({ kind: z.enum(['add-me', 'remove-me']), entity: name, field: name }),
    z.strictObject({
      kind: z.enum(['add-link', 'remove-link']),
      entity: name,
      link: name,
      field: name,
      via: name,
    }),
    z.strictObject({ kind: z.enum(['sign-up', 'sign-in', 'sign-out', 'me', 'update-me']) }),
  ]),
  'Operation',
  'What a declared call does.',
);

export const shapePropertySchema = named(
  z.strictObject({
    name,
    optional: z.boolean(),
    get shape() {
      return shapeSchema;
    },
  }),
  'ShapeProperty',
  'A named property of an object shape; `priority?` is optional.',
);

export const shapeSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('entity'),
      entity: name,
      list: z.boolean(),
      fields: z.array(shapePropertySchema).optional(),
      named: name.optional(),
      value: name.optional(),
      field: name.optional(),
    }),
    z.strictObject({ kind: z.literal('object'), properties: z.array(shapePropertySchema) }),
    z.strictObject({ kind: z.literal('field'), field: name.optional(), pick: name.optional() }),
    tag('count'),
  ]),
  'Shape',
  'A wire shape: `Ticket`, `Ticket[]`, `{ ticket: { title, body, priority? } }`, a projection `User { username, bio }`, a renamed field `id: number`, a renamed reference `hiring_manager: hiringManager UserSummary`, a list of one field `tagList: tags.name`.',
);

export const callParameterSchema = named(
  z.union([
    z.strictObject({
      name,
      kind: z.literal('condition'),
      condition: expressionSchema,
      line,
    }),
    z.strictObject({
      name,
      kind: z.enum(['page-size', 'rows-to-skip', 'cursor', 'sort', 'filter']),
      line,
    }),
  ]),
  'CallParameter',
  'A query parameter a list call declares: a CEL condition on `value`, or a paging word.',
);

export const callSchema = named(
  z.strictObject({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().startsWith('/'),
    operation: operationSchema,
    payload: shapeSchema.optional(),
    payloadSource: z.string().optional(),
    response: shapeSchema.optional(),
    responseSource: z.string().optional(),
    where: expressionSchema.optional(),
    parameters: z.array(callParameterSchema).optional(),
    status: z
      .union([z.literal(200), z.literal(201), z.literal(204)])
      .optional()
      .describe('The declared success status (the `Status` column).'),
    line,
  }),
  'Call',
  'A row of section 7.',
);

export const callAccessSchema = named(
  z.strictObject({
    tokens: z.enum(['Token', 'Bearer']).optional(),
    origins: z.array(z.string().min(1)).optional(),
  }),
  'CallAccess',
  "Section 7's `- Tokens:` (the Authorization scheme that carries a session token) and " +
    '`- Origins:` (the origins whose pages may call the API, `*` for any).',
);

// Sections 8 and 9

export const catalogueEntrySchema = named(
  z.strictObject({
    code: name,
    status: z.int().min(100).max(599),
    message: z.string(),
    key: z.string().optional(),
    engine: z.boolean(),
    line: line.optional(),
  }),
  'CatalogueEntry',
  'An error the API may answer with: a code, an HTTP status and the message users see.',
);

export const errorBodySchema = named(
  z.strictObject({
    kind: z.literal('messages-by-key'),
    at: z.array(z.string()),
    line: line.optional(),
  }),
  'ErrorBody',
  "Section 8's `- Body:`: every error answer lists its messages by key, under the keys `at`.",
);

export const constantValueSchema = named(
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('number'), value: z.number() }),
    z.strictObject({ kind: z.literal('string'), value: z.string() }),
    z.strictObject({ kind: z.literal('boolean'), value: z.boolean() }),
    z.strictObject({
      kind: z.literal('duration'),
      milliseconds: z.number().min(0),
      source: z.string(),
    }),
    z.strictObject({
      kind: z.literal('money'),
      amount: z.string().regex(/^-?\d+(\.\d+)?$/),
      currency: z.string().regex(/^[A-Z]{3}$/),
    }),
  ]),
  'ConstantValue',
  "A constant's typed value. Money stays a decimal string so no float ever touches it.",
);

export const constantSchema = named(
  z.strictObject({
    name,
    value: constantValueSchema,
    meaning: z.string(),
    engine: z.boolean(),
    line: line.optional(),
  }),
  'Constant',
  'A business constant of section 9, or an engine limit with its default.',
);

// The document and the whole model

export const sectionSchema = named(
  z.strictObject({
    number: z.literal([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    key: z.enum([
      'product',
      'screens',
      'entities',
      'lifecycles',
      'validation',
      'permissions',
      'calls',
      'errors',
      'constants',
    ]),
    title: z.string(),
    heading: z.string().optional(),
    status: z.enum(['specified', 'unspecified', 'missing']),
    statement: z.string().optional(),
    description: z.string(),
    line: line.optional(),
  }),
  'Section',
  'One of the nine sections as read from the document.',
);

export const appPropertiesSchema = named(
  z.strictObject({
    audience: z.string().optional(),
    language: z.string().optional(),
    timeZone: z.string().optional(),
    currency: z.string().optional(),
  }),
  'AppProperties',
  "Section 1's optional properties.",
);

/** The whole application model: what `parseSpec` produces and the server and web app receive. */
export const appModelSchema = z.strictObject({
  modelVersion: z.literal(MODEL_VERSION),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  properties: appPropertiesSchema,
  sections: z.array(sectionSchema),
  screens: z.array(screenSchema),
  entities: z.array(entitySchema),
  lifecycles: z.array(lifecycleSchema),
  rules: z.array(validationRuleSchema),
  roles: z.array(roleSchema),
  permissions: z.array(permissionSchema),
  calls: z.array(callSchema),
  access: callAccessSchema.optional(),
  catalogue: z.array(catalogueEntrySchema),
  errorBody: errorBodySchema.optional(),
  constants: z.array(constantSchema),
});
modelSchemaRegistry.add(appModelSchema, {
  description:
    'The application a specification describes: plain, serialisable data. The server and the ' +
    'web app receive only this, never the Markdown.',
});

export const diagnosticSchema = z.strictObject({
  severity: z.enum(['error', 'warning', 'note']),
  code: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  message: z.string(),
  hint: z.string().optional(),
  line,
  column: z.int().min(1),
  endLine: line.optional(),
  endColumn: z.int().min(1).optional(),
});

/** The model's JSON Schema (draft 2020-12), its parts named in `$defs`. */
export function modelJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'specrun application model',
    ...z.toJSONSchema(appModelSchema, { metadata: modelSchemaRegistry, target: 'draft-2020-12' }),
  };
}

type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Same<Schema extends z.ZodType, Model> = MutuallyAssignable<z.infer<Schema>, Model>;
type Expect<T extends true> = T;

/**
 * Fails to compile when a schema and the model type it mirrors drift apart: each entry must be
 * `true`, meaning every value of one type is a value of the other.
 */
export type SchemasMatchModel = [
  Expect<Same<typeof appModelSchema, AppModel>>,
  Expect<Same<typeof appPropertiesSchema, AppProperties>>,
  Expect<Same<typeof sectionSchema, Section>>,
  Expect<Same<typeof screenSchema, Screen>>,
  Expect<Same<typeof entitySchema, Entity>>,
  Expect<Same<typeof fieldSchema, Field>>,
  Expect<Same<typeof fieldTypeSchema, FieldType>>,
  Expect<Same<typeof fieldRuleSchema, FieldRule>>,
  Expect<Same<typeof fieldDefaultSchema, FieldDefault>>,
  Expect<Same<typeof lifecycleSchema, Lifecycle>>,
  Expect<Same<typeof initialChoiceSchema, InitialChoice>>,
  Expect<Same<typeof transitionSchema, Transition>>,
  Expect<Same<typeof assignmentSchema, Assignment>>,
  Expect<Same<typeof effectSchema, Effect>>,
  Expect<Same<typeof effectTargetSchema, EffectTarget>>,
  Expect<Same<typeof validationRuleSchema, ValidationRule>>,
  Expect<Same<typeof roleSchema, Role>>,
  Expect<Same<typeof permissionSchema, Permission>>,
  Expect<Same<typeof fieldSelectionSchema, FieldSelection>>,
  Expect<Same<typeof allowanceSchema, Allowance>>,
  Expect<Same<typeof callSchema, Call>>,
  Expect<Same<typeof callAccessSchema, CallAccess>>,
  Expect<Same<typeof operationSchema, Operation>>,
  Expect<Same<typeof callParameterSchema, CallParameter>>,
  Expect<Same<typeof shapeSchema, Shape>>,
  Expect<Same<typeof shapePropertySchema, ShapeProperty>>,
  Expect<Same<typeof catalogueEntrySchema, CatalogueEntry>>,
  Expect<Same<typeof constantSchema, Constant>>,
  Expect<Same<typeof constantValueSchema, ConstantValue>>,
  Expect<Same<typeof expressionSchema, Expression>>,
  Expect<Same<typeof diagnosticSchema, Diagnostic>>,
];
