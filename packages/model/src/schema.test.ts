import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODEL_VERSION, type AppModel } from './app-model.js';
import { appModelSchema, modelJsonSchema } from './schema.js';

const SCHEMA_FILE = new URL('../../../docs/model.schema.json', import.meta.url);

const expression = (source: string, line: number) => ({ source, line, column: 4 });

/** A small model with one of most parts, as the reader would produce it. */
function sampleModel(): AppModel {
  return {
    modelVersion: MODEL_VERSION,
    name: 'Helpdesk',
    title: 'Specification: Helpdesk',
    description: 'Customers open tickets; agents resolve them.',
    properties: { language: 'en', currency: 'EUR' },
    sections: [
      {
        number: 1,
        key: 'product',
        title: 'What the product does and for whom',
        heading: 'What the product does and for whom',
        status: 'specified',
        description: 'Customers open tickets; agents resolve them.',
        line: 3,
      },
      {
        number: 7,
        key: 'calls',
        title: 'The calls it makes',
        status: 'unspecified',
        statement: 'The calls are not specified.',
        description: '',
        line: 40,
      },
    ],
    screens: [
      {
        route: '/tickets',
        name: 'Tickets',
        kind: 'list',
        entity: 'Ticket',
        who: ['agent'],
        filter: expression('record.status != "closed"', 12),
        fields: ['title', 'status'],
        derived: false,
        line: 12,
      },
    ],
    entities: [
      {
        name: 'Ticket',
        plural: 'tickets',
        description: '',
        builtin: false,
        line: 20,
        fields: [
          { name: 'id', type: { kind: 'id' }, required: true, rules: [], builtin: true },
          {
            name: 'title',
            type: { kind: 'text' },
            required: true,
            rules: [{ kind: 'length', min: 3, max: 120 }],
            builtin: false,
            line: 22,
          },
          {
            name: 'price',
            type: { kind: 'money', currency: 'USD' },
            required: false,
            default: { kind: 'literal', value: '0.00' },
            rules: [{ kind: 'min', value: 0 }],
            builtin: false,
            line: 23,
          },
          { name: 'status', type: { kind: 'state' }, required: true, rules: [], builtin: false },
        ],
      },
    ],
    lifecycles: [
      {
        entity: 'Ticket',
        field: 'status',
        states: ['open', 'closed'],
        initial: 'open',
        description: '',
        line: 30,
        transitions: [
          {
            from: ['open'],
            action: 'close',
            to: 'closed',
            who: ['agent'],
            sets: [{ field: 'closedAt', value: expression('now', 34) }],
            error: 'CANNOT_CLOSE',
            line: 34,
          },
        ],
      },
    ],
    rules: [],
    roles: [{ name: 'agent', description: 'Resolves tickets', signUp: 'no', line: 38 }],
    permissions: [
      {
        role: 'agent',
        entity: '*',
        actions: ['*'],
        allowed: { kind: 'yes' },
        fields: { kind: 'allExcept', fields: ['internalNote'] },
        line: 39,
      },
    ],
    calls: [
      {
        method: 'GET',
        path: '/api/tickets',
        operation: { kind: 'list', entity: 'Ticket' },
        response: {
          kind: 'object',
          properties: [
            {
              name: 'tickets',
              optional: false,
              shape: { kind: 'entity', entity: 'Ticket', list: true },
            },
            { name: 'count', optional: false, shape: { kind: 'count' } },
          ],
        },
        responseSource: '{ tickets: Ticket[], count }',
        line: 42,
      },
    ],
    catalogue: [
      { code: 'CANNOT_CLOSE', status: 409, message: 'Not now.', engine: false, line: 45 },
    ],
    constants: [
      {
        name: 'REOPEN_WINDOW',
        value: { kind: 'duration', milliseconds: 72 * 3600 * 1000, source: '72h' },
        meaning: 'How long a ticket can be reopened',
        engine: false,
        line: 48,
      },
      {
        name: 'MAX_CLAIM',
        value: { kind: 'money', amount: '25.00', currency: 'EUR' },
        meaning: '',
        engine: false,
      },
    ],
  };
}

describe('appModelSchema', () => {
  it('accepts a well-formed model', () => {
    const model = sampleModel();
    expect(appModelSchema.parse(model)).toEqual(model);
  });

  it('rejects a model with a wrong variant, a float amount and an unknown key', () => {
    const model = sampleModel() as unknown as Record<string, unknown>;
    const bad = {
      ...model,
      extra: true,
      entities: [
        { ...sampleModel().entities[0], fields: [{ name: 'x', type: { kind: 'float' } }] },
      ],
      constants: [{ name: 'FEE', value: { kind: 'money', amount: 1.5, currency: 'EUR' } }],
    };
    const result = appModelSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['', 'entities.0.fields.0.type.kind', 'constants.0.value.amount']),
    );
  });

  it('rejects a model of another version', () => {
    expect(appModelSchema.safeParse({ ...sampleModel(), modelVersion: 2 }).success).toBe(false);
  });
});

describe('docs/model.schema.json', () => {
  it('is the JSON Schema generated from appModelSchema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = JSON.stringify(modelJsonSchema(), null, 2) + '\n';
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE), 'run with UPDATE_SCHEMA=1 to write it').toBe(true);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('names the parts of the model in $defs', () => {
    const defs = Object.keys((modelJsonSchema().$defs ?? {}) as Record<string, unknown>);
    expect(defs).toEqual(expect.arrayContaining(['Entity', 'Field', 'Shape', 'Transition']));
  });
});
