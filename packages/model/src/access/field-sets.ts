import type { Entity, Field } from '../entity.js';
import type { FieldSelection } from '../permissions.js';

/** The fields the engine sets on every entity, never a caller (User's email, name and roles are). */
export const ENGINE_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'createdBy',
  'version',
]);

/**
 * Whether a caller could ever set the field: never the engine's, computed, read-only, numbered,
 * slug or state fields, whatever a row of section 6 says.
 */
export function isSettable(field: Field): boolean {
  if (ENGINE_FIELDS.has(field.name) || field.type.kind === 'id' || field.type.kind === 'state')
    return false;
  return !field.rules.some(
    (r) =>
      r.kind === 'readOnly' ||
      r.kind === 'computed' ||
      r.kind === 'numbered' ||
      r.kind === 'slugFrom',
  );
}

/** The fields of an entity a caller could ever set (see isSettable). */
export function settableFields(entity: Entity): ReadonlySet<string> {
  return new Set(entity.fields.filter(isSettable).map((f) => f.name));
}

/** The fields a row's Fields cell selects among `fields`: all, all but some, some, or none. */
export function selectedFields(
  selection: FieldSelection,
  fields: ReadonlySet<string>,
): ReadonlySet<string> {
  switch (selection.kind) {
    case 'all':
      return fields;
    case 'allExcept':
      return new Set([...fields].filter((f) => !selection.fields.includes(f)));
    case 'only':
      return new Set(selection.fields.filter((f) => fields.has(f)));
    case 'none':
      return new Set();
  }
}
