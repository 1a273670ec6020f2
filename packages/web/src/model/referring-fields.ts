import type { AppModel, Entity, Field } from '@specrun/model';

/** A field of another entity that refers to records of this one: a comment's `ticket`. */
export interface ReferringField {
  entity: Entity;
  field: Field;
}

/**
 * The fields by which records of other entities (or of the entity itself) refer to one of its
 * records: a ticket's comments by `ticket`, a workshop's bookings by `event`. Built-in references
 * (`createdBy`) are left out: every record has them, and they say who, not what it belongs to.
 */
export function referringFields(model: AppModel, entity: string): ReferringField[] {
  const out: ReferringField[] = [];
  for (const other of model.entities)
    for (const field of other.fields)
      if (field.type.kind === 'reference' && field.type.entity === entity && !field.builtin)
        out.push({ entity: other, field });
  return out;
}
