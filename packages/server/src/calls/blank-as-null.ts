import type { Entity } from '@specrun/model';
import { copied } from '../objects/merged.js';

// Clients of an existing API often clear an optional text by sending "" (RealWorld's `bio: ""`):
// in a declared call's payload that is no value, stored and answered as null.

const TEXTUAL = new Set(['text', 'longText', 'url', 'email']);

/** The optional textual fields of an entity, whose "" a declared payload means as null. */
export function blankableFields(entity: Entity): Set<string> {
  return new Set(
    entity.fields.filter((f) => !f.required && TEXTUAL.has(f.type.kind)).map((f) => f.name),
  );
}

/** The fields with "" replaced by null where the field is optional text, url or email. */
export function blankAsNull(
  blankable: ReadonlySet<string>,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const out = copied(fields);
  for (const name of blankable) if (out[name] === '') out[name] = null;
  return out;
}
