import {
  MODEL_VERSION,
  type AppModel,
  type Entity,
  type Field,
  type FieldType,
  type Lifecycle,
} from '@specrun/model';

/** Field types by their spec names. */
export const type = {
  text: { kind: 'text' },
  longText: { kind: 'longText' },
  integer: { kind: 'integer' },
  decimal: { kind: 'decimal' },
  boolean: { kind: 'boolean' },
  date: { kind: 'date' },
  datetime: { kind: 'datetime' },
  email: { kind: 'email' },
  url: { kind: 'url' },
  file: { kind: 'file' },
  state: { kind: 'state' },
  money: (currency?: string): FieldType =>
    currency ? { kind: 'money', currency } : { kind: 'money' },
  oneOf: (...values: string[]): FieldType => ({ kind: 'enum', values }),
  ref: (entity: string): FieldType => ({ kind: 'reference', entity }),
  listOf: (entity: string): FieldType => ({ kind: 'list', entity }),
} satisfies Record<string, FieldType | ((...args: never[]) => FieldType)>;

/** What a row of a fields table says besides the name and type. */
export interface FieldOptions {
  required?: boolean;
  default?: string | number | boolean;
  unique?: boolean;
}

/** A declared field. */
export function field(name: string, fieldType: FieldType, options: FieldOptions = {}): Field {
  const f: Field = {
    name,
    type: fieldType,
    required: options.required ?? false,
    rules: options.unique ? [{ kind: 'unique' }] : [],
    builtin: false,
  };
  if (options.default !== undefined) f.default = { kind: 'literal', value: options.default };
  return f;
}

/** An entity with its declared fields; the store adds the built-in ones. */
export function entity(name: string, fields: Field[], plural?: string): Entity {
  const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return { name, plural: plural ?? `${kebab}s`, description: '', fields, builtin: false };
}

/** A lifecycle: states, the first one initial, no transitions. */
export function lifecycle(entityName: string, fieldName: string, states: string[]): Lifecycle {
  return {
    entity: entityName,
    field: fieldName,
    states,
    initial: states[0]!,
    transitions: [],
    description: '',
    line: 1,
  };
}

/** A model made of entities (and lifecycles), the rest empty. */
export function model(
  entities: Entity[],
  options: { name?: string; currency?: string; lifecycles?: Lifecycle[] } = {},
): AppModel {
  return {
    modelVersion: MODEL_VERSION,
    name: options.name ?? 'Test app',
    title: '',
    description: '',
    properties: options.currency ? { currency: options.currency } : {},
    sections: [],
    screens: [],
    entities,
    lifecycles: options.lifecycles ?? [],
    rules: [],
    roles: [],
    permissions: [],
    calls: [],
    catalogue: [],
    constants: [],
  };
}
