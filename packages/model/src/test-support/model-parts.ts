import { MODEL_VERSION, type AppModel } from '../app-model.js';
import type { Entity, Field, FieldRule, FieldType } from '../entity.js';
import type { Transition } from '../lifecycle.js';
import type { Allowance, FieldSelection, Permission } from '../permissions.js';
import { SECTION_DEFINITIONS, type Section, type SectionKey } from '../sections.js';

/** A declared field of section 3. */
export function field(name: string, type: FieldType, rules: FieldRule[] = []): Field {
  return { name, type, required: false, rules, builtin: false };
}

/** The fields the engine gives every entity. */
export function builtinFields(): Field[] {
  const builtin = (name: string, type: FieldType): Field => ({
    name,
    type,
    required: true,
    rules: [],
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

/** An entity with the built-in fields and these. */
export function entity(name: string, plural: string, fields: Field[] = []): Entity {
  return { name, plural, description: '', fields: [...builtinFields(), ...fields], builtin: false };
}

/** A row of section 6. */
export function permission(
  role: string,
  entityName: string,
  actions: string[],
  allowed: Allowance = { kind: 'yes' },
  fields: FieldSelection = { kind: 'all' },
): Permission {
  return { role, entity: entityName, actions, allowed, fields, line: 1 };
}

/** A row of section 4. */
export function transition(action: string, from: string[], to: string): Transition {
  return { from, action, to, who: ['signed-in'], sets: [], line: 1 };
}

/** The nine sections, those named specified and the others unspecified. */
export function sections(...specified: SectionKey[]): Section[] {
  return SECTION_DEFINITIONS.map((s) => ({
    ...s,
    status: specified.includes(s.key) ? 'specified' : 'unspecified',
    description: '',
  }));
}

/** A model with only the parts a test gives; every section unspecified unless it says so. */
export function appModel(parts: Partial<AppModel> = {}): AppModel {
  return {
    modelVersion: MODEL_VERSION,
    name: 'Test',
    title: 'Specification: Test',
    description: '',
    properties: {},
    sections: sections(),
    screens: [],
    entities: [],
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
