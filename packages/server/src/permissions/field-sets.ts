import type { Entity, Field, FieldSelection } from '@specrun/model';

// The fields the engine sets on every entity; User's email, name and roles are set by callers.
const ENGINE_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'version']);

function settable(field: Field): boolean {
  if (ENGINE_FIELDS.has(field.name) || ['id', 'state'].includes(field.type.kind)) return false;
  return !field.rules.some((r) => r.kind === 'readOnly' || r.kind === 'computed');
}

/**
 * The fields a caller could ever set: never the engine's, computed, read-only or state fields,
 * whatever a row says (the same fields the operations' body reader accepts).
 */
export function settableFields(entity: Entity): ReadonlySet<string> {
  return new Set(entity.fields.filter(settable).map((f) => f.name));
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

/** The union of some sets of fields. */
export function unionOf(sets: Iterable<ReadonlySet<string>>): Set<string> {
  const union = new Set<string>();
  for (const set of sets) for (const field of set) union.add(field);
  return union;
}
