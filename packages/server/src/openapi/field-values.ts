import {
  currencyScale,
  MAX_FILE_NAME,
  MAX_FILES_IN_LIST,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import type { JsonSchema } from './openapi-types.js';

/** How values travel: as the API answers them, or as a caller may send them. */
export type Direction = 'answer' | 'input';

// JSON keeps integers exact up to 2^53 - 1; the operations refuse anything beyond.
const SAFE = Number.MAX_SAFE_INTEGER;

// decimal-text.ts: answers are canonical ("12.5", never "012.50"); inputs may carry a sign and
// trailing zeros.
const DECIMAL_ANSWER = '^-?\\d+(\\.\\d*[1-9])?$';
const DECIMAL_INPUT = '^[+-]?\\d+(\\.\\d+)?$';

/** Money is answered with exactly its currency's digits, and refused with more significant ones. */
function moneyPattern(scale: number, direction: Direction): string {
  if (direction === 'answer') return scale === 0 ? '^-?\\d+$' : `^-?\\d+\\.\\d{${scale}}$`;
  return scale === 0 ? '^[+-]?\\d+(\\.0+)?$' : `^[+-]?\\d+(\\.\\d{1,${scale}}0*)?$`;
}

/** The currency of a money field: its own, else the application's. */
export function fieldCurrency(model: AppModel, field: Field): string | undefined {
  return field.type.kind === 'money'
    ? (field.type.currency ?? model.properties.currency)
    : undefined;
}

function states(model: AppModel, entity: Entity, field: Field): string[] {
  const lifecycle = model.lifecycles.find(
    (l) => l.entity === entity.name && l.field === field.name,
  );
  return lifecycle ? [...lifecycle.states] : [];
}

/** A file as answers carry it: never its bytes, which are served from `url` (FILE_ROUTE). */
const FILE_ANSWER: JsonSchema = {
  type: 'object',
  required: ['name', 'type', 'size', 'url'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', description: 'Its name, as uploaded (the last part of a path).' },
    type: { type: 'string', description: 'Its media type, such as `image/png`.' },
    size: { type: 'integer', minimum: 0, description: 'Its size in bytes.' },
    url: {
      type: 'string',
      description:
        'Where its bytes are served (`GET /api/_files/{entity}/{id}/{field}`), to whoever may read the record and the field.',
    },
  },
};

const DATA_URL: JsonSchema = {
  type: 'string',
  pattern: '^data:[^,]*;base64,',
  description: 'A base64 data URL, such as `data:image/png;base64,iVBORw0KGgo...`.',
};

/** A file as a caller sends it (file-value.ts): a data URL, or one with a name. */
const FILE_INPUT: JsonSchema = {
  ...DATA_URL,
  type: ['string', 'object'],
  required: ['data'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: MAX_FILE_NAME }, data: DATA_URL },
};

/** A stored file a list keeps on update: as answered; only its `url` is read. */
const KEPT_FILE: JsonSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', description: 'The address the file was answered with.' },
  },
};

/** A list of files as answered: each file with its own address. */
const FILES_ANSWER: JsonSchema = {
  type: 'array',
  items: {
    ...FILE_ANSWER,
    properties: {
      ...(FILE_ANSWER.properties as Record<string, JsonSchema>),
      url: {
        type: 'string',
        description:
          'Where its bytes are served (`GET /api/_files/{entity}/{id}/{field}/{file}`), to whoever may read the record and the field. Sent back in an update, it keeps the file.',
      },
    },
  },
};

/** A list of files as sent: the whole list, new files and stored ones kept. */
const FILES_INPUT: JsonSchema = {
  type: 'array',
  items: { anyOf: [FILE_INPUT, KEPT_FILE] },
  maxItems: MAX_FILES_IN_LIST,
};

const withEnum = (schema: JsonSchema, values: string[]): JsonSchema =>
  values.length > 0 ? { ...schema, enum: values } : schema;

/**
 * The JSON Schema of a present (non-empty) value of a field, on the wire as store/column-codec.ts
 * and store/wire-values.ts write and read it: money and decimals as strings, dates as
 * `YYYY-MM-DD`, instants in ISO 8601, references as ids, lists as arrays of ids.
 */
export function valueSchema(
  model: AppModel,
  entity: Entity,
  field: Field,
  direction: Direction,
): JsonSchema {
  const type = field.type;
  switch (type.kind) {
    case 'file':
      return direction === 'answer' ? FILE_ANSWER : FILE_INPUT;
    case 'files':
      return direction === 'answer' ? FILES_ANSWER : FILES_INPUT;
    case 'id':
    case 'text':
    case 'longText':
    case 'reference':
      // An empty string is no value: checked against `required`, not refused as a type.
      return { type: 'string' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'url':
      return { type: 'string', format: 'uri' };
    case 'integer':
      return direction === 'input'
        ? { type: 'integer', format: 'int64', minimum: -SAFE, maximum: SAFE }
        : { type: 'integer', format: 'int64' };
    case 'decimal': {
      const pattern = direction === 'input' ? DECIMAL_INPUT : DECIMAL_ANSWER;
      return { type: 'string', pattern, examples: ['2.75'] };
    }
    case 'money': {
      const scale = currencyScale(fieldCurrency(model, field));
      // Without an example, documentation tools invent one from the pattern: a wall of digits.
      const example = scale === 0 ? '12' : `12.${'5'.padEnd(scale, '0')}`;
      return { type: 'string', pattern: moneyPattern(scale, direction), examples: [example] };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return withEnum({ type: 'string' }, type.values);
    case 'state':
      return withEnum({ type: 'string' }, states(model, entity, field));
    case 'list':
      return {
        type: 'array',
        items: direction === 'input' ? { type: 'string', minLength: 1 } : { type: 'string' },
        uniqueItems: true,
      };
    case 'roles':
      return {
        type: 'array',
        items: withEnum(
          { type: 'string' },
          model.roles.map((r) => r.name),
        ),
        uniqueItems: true,
      };
  }
}

/** The schema that also accepts null: an empty value. */
export function orNull(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const out: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
  return out;
}
