import { MODEL_VERSION } from '@specrun/model';
import type {
  AppModel,
  Constant,
  ConstantValue,
  Entity,
  Field,
  FieldType,
  Lifecycle,
} from '@specrun/model';

/** A field as section 3 would give it. */
export function field(name: string, type: FieldType, required = false): Field {
  return { name, type, required, rules: [], builtin: false };
}

/** The built-in fields, as a reader that includes them would list them. */
export function builtinFields(): Field[] {
  const builtin = (name: string, type: FieldType): Field => ({
    ...field(name, type, true),
    builtin: true,
  });
  return [
    builtin('id', { kind: 'id' }),
    builtin('createdAt', { kind: 'datetime' }),
    builtin('updatedAt', { kind: 'datetime' }),
    builtin('createdBy', { kind: 'reference', entity: 'User' }),
    builtin('version', { kind: 'integer' }),
  ];
}

/** An entity with the given fields. */
export function entity(name: string, plural: string, fields: Field[], builtin = false): Entity {
  return { name, plural, description: '', fields, builtin };
}

/** A constant of section 9. */
export function constant(name: string, value: ConstantValue): Constant {
  return { name, value, meaning: '', engine: false };
}

/** A lifecycle with its states and no transitions (the checker needs only the states). */
export function lifecycle(entityName: string, states: string[]): Lifecycle {
  return {
    entity: entityName,
    field: 'status',
    states,
    initial: states[0]!,
    transitions: [],
    description: '',
    line: 1,
  };
}

/** A model with only what expressions need. */
export function appModel(parts: Partial<AppModel> & Pick<AppModel, 'entities'>): AppModel {
  return {
    modelVersion: MODEL_VERSION,
    name: 'Test',
    title: 'Specification: Test',
    description: '',
    properties: {},
    sections: [],
    screens: [],
    lifecycles: [],
    rules: [],
    roles: [],
    permissions: [],
    calls: [],
    catalogue: [],
    constants: [],
    ...parts,
  };
}
