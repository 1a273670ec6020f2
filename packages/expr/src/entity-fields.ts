import type { AppModel, Entity, Field, FieldType } from '@specrun/model';
import type { ExprType } from './types.js';

/** The fields every entity has, whether or not the model lists them. */
const BUILTIN_FIELDS: [string, FieldType][] = [
  ['id', { kind: 'id' }],
  ['createdAt', { kind: 'datetime' }],
  ['updatedAt', { kind: 'datetime' }],
  ['createdBy', { kind: 'reference', entity: 'User' }],
  ['version', { kind: 'integer' }],
];

/** The core fields of the built-in User. */
const USER_FIELDS: [string, FieldType][] = [
  ['email', { kind: 'email' }],
  ['name', { kind: 'text' }],
  ['roles', { kind: 'roles' }],
];

/** The entity of that name; User exists even when the spec does not declare it. */
export function findEntity(model: AppModel, name: string): Entity | undefined {
  const declared = model.entities.find((e) => e.name === name);
  if (declared || name !== 'User') return declared;
  return { name: 'User', plural: 'users', description: '', fields: [], builtin: true };
}

/** Every entity name in scope for `count()`, User included. */
export function entityNames(model: AppModel): string[] {
  const names = model.entities.map((e) => e.name);
  return names.includes('User') ? names : [...names, 'User'];
}

/** An entity's fields, declared ones first, with the built-in ones added when missing. */
export function fieldsOf(model: AppModel, entity: string): Field[] {
  const fields = [...(findEntity(model, entity)?.fields ?? [])];
  const extra = entity === 'User' ? [...BUILTIN_FIELDS, ...USER_FIELDS] : BUILTIN_FIELDS;
  for (const [name, type] of extra) {
    if (!fields.some((f) => f.name === name)) {
      fields.push({ name, type, required: true, rules: [], builtin: true });
    }
  }
  return fields;
}

/**
 * The field of that name, as `fieldsOf(model, entity)` would list it, without copying the list:
 * typing and compiling look fields up one at a time.
 */
export function fieldOf(model: AppModel, entity: string, name: string): Field | undefined {
  const declared = (findEntity(model, entity)?.fields ?? []).find((f) => f.name === name);
  if (declared) return declared;
  const extra = entity === 'User' ? [...BUILTIN_FIELDS, ...USER_FIELDS] : BUILTIN_FIELDS;
  const type = extra.find(([builtin]) => builtin === name)?.[1];
  return type && { name, type, required: true, rules: [], builtin: true };
}

/** The type of a field as expressions see it. */
export function fieldExprType(model: AppModel, entity: string, field: Field): ExprType {
  const t = field.type;
  switch (t.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
    case 'file':
    case 'id':
      return { kind: 'string' };
    case 'enum':
      return { kind: 'enum', values: t.values, state: false };
    case 'state': {
      const lifecycle = model.lifecycles.find(
        (l) => l.entity === entity && (l.field === field.name || !l.field),
      );
      return lifecycle
        ? { kind: 'enum', values: lifecycle.states, state: true }
        : { kind: 'string' };
    }
    case 'integer':
      return { kind: 'int' };
    case 'decimal':
      return { kind: 'double' };
    case 'money':
      return { kind: 'money', currency: t.currency ?? model.properties.currency };
    case 'boolean':
      return { kind: 'bool' };
    case 'date':
      return { kind: 'date' };
    case 'datetime':
      return { kind: 'timestamp' };
    case 'roles':
      return { kind: 'list', element: { kind: 'string' } };
    case 'reference':
      return { kind: 'record', entity: t.entity };
    case 'list':
      return { kind: 'list', element: { kind: 'record', entity: t.entity } };
    case 'files':
      // Each file as a `file` is (compared with null only): a list whose size counts.
      return { kind: 'list', element: { kind: 'string' } };
  }
}
