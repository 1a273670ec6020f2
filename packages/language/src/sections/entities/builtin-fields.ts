import type { Entity, Field, FieldType } from '@specrun/model';
import { pluralOf } from './plural.js';

const builtin = (name: string, type: FieldType, required: boolean): Field => ({
  name,
  type,
  required,
  rules: [],
  builtin: true,
});

/** The fields every entity has before its own: `id`. */
export function leadingBuiltins(): Field[] {
  return [builtin('id', { kind: 'id' }, true)];
}

/** The fields every entity has after its own: timestamps, author and version. */
export function trailingBuiltins(): Field[] {
  return [
    builtin('createdAt', { kind: 'datetime' }, true),
    builtin('updatedAt', { kind: 'datetime' }, true),
    builtin('createdBy', { kind: 'reference', entity: 'User' }, false),
    builtin('version', { kind: 'integer' }, true),
  ];
}

/** The User's own built-in fields, which the engine provides. */
export function userBuiltins(): Field[] {
  return [
    { ...builtin('email', { kind: 'email' }, true), rules: [{ kind: 'unique' }] },
    builtin('name', { kind: 'text' }, true),
    builtin('roles', { kind: 'roles' }, true),
  ];
}

/** Names no entity may declare, because every entity has them. */
export const BUILTIN_FIELD_NAMES = ['id', 'createdAt', 'updatedAt', 'createdBy', 'version'];

/** The built-in User entity, before a spec's `### User` adds fields to it. */
export function userEntity(): Entity {
  return {
    name: 'User',
    plural: pluralOf('User'),
    description: 'A person with an account.',
    fields: [...leadingBuiltins(), ...userBuiltins(), ...trailingBuiltins()],
    builtin: true,
  };
}
