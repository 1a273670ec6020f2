import type { AppModel, Entity, Field, FieldType } from '@specrun/model';

const field = (name: string, type: FieldType, required: boolean, unique = false): Field => ({
  name,
  type,
  required,
  rules: unique ? [{ kind: 'unique' }] : [],
  builtin: true,
});

const LEADING = [field('id', { kind: 'id' }, true)];
const TRAILING = [
  field('createdAt', { kind: 'datetime' }, true),
  field('updatedAt', { kind: 'datetime' }, true),
  field('createdBy', { kind: 'reference', entity: 'User' }, false),
  field('version', { kind: 'integer' }, true),
];
const USER_CORE = [
  field('email', { kind: 'email' }, true, true),
  field('name', { kind: 'text' }, true),
  field('roles', { kind: 'roles' }, true),
];

/** The built-in User, for models that do not declare it. */
export const BUILTIN_USER: Entity = {
  name: 'User',
  plural: 'users',
  description: 'A person with an account.',
  fields: [...LEADING, ...USER_CORE, ...TRAILING],
  builtin: true,
};

/** The model's entities with User always among them (first when the model leaves it out). */
export function storedEntities(model: AppModel): Entity[] {
  const hasUser = model.entities.some((e) => e.name === 'User');
  return hasUser ? model.entities : [BUILTIN_USER, ...model.entities];
}

/** An entity's fields with every built-in one present: id first, the engine's fields last. */
export function entityFields(entity: Entity): Field[] {
  const declared = entity.fields;
  const has = (name: string) => declared.some((f) => f.name === name);
  const core = entity.name === 'User' ? USER_CORE.filter((f) => !has(f.name)) : [];
  return [
    ...LEADING.filter((f) => !has(f.name)),
    ...declared,
    ...core,
    ...TRAILING.filter((f) => !has(f.name)),
  ];
}
