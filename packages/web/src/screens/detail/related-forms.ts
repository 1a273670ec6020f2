import type { AppModel, ApiCall } from '@specrun/model';
import { entityOf } from '../../model/entities.js';
import type { SessionUser } from '../../model/access.js';
import { mayOpen, type AppScreen } from '../../model/screens.js';
import { formFields } from '../../ui/forms/form-fields.js';

/** A create form that can start from this record: "Book a place" on a workshop. */
export interface RelatedForm {
  screen: AppScreen;
  /** The form's field that refers to this record. */
  field: string;
  /** The form's address with the reference to this record filled in. */
  to: string;
}

/** What a record's `actions` name a create of another record referring to it by (see api.md). */
export const createOffer = (entity: string, field: string) => `create:${entity}.${field}`;

/**
 * The create forms this caller may use whose record refers to this one through a field the form
 * sets (a booking's event, a loan's book): each offered on the record's screen, that field
 * already chosen, when the record's `actions` say the server would accept that create now (a
 * workshop already booked offers no "Book a place").
 */
export function relatedForms(
  model: AppModel,
  screens: readonly AppScreen[],
  entity: string,
  id: string,
  user: SessionUser | null | undefined,
  roles: readonly string[],
  callOf: (entity: string) => ApiCall | undefined,
  actions: readonly string[] | undefined,
): RelatedForm[] {
  const out: RelatedForm[] = [];
  for (const screen of screens) {
    if (screen.kind !== 'form' || screen.route.includes(':id') || !screen.entity) continue;
    const other = entityOf(model, screen.entity);
    if (!other || !mayOpen(screen, user)) continue;
    const fields = formFields(model, other, screen, roles, 'create', callOf(other.name));
    const ref = fields.find((f) => f.type.kind === 'reference' && f.type.entity === entity);
    if (ref && actions?.includes(createOffer(other.name, ref.name)))
      out.push({
        screen,
        field: ref.name,
        to: `${screen.route}?${new URLSearchParams({ [ref.name]: id })}`,
      });
  }
  return out;
}
