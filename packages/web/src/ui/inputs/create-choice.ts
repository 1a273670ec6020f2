import { titleField, type ApiCall, type AppModel, type Field } from '@specrun/model';
import { accessTo, type SessionUser } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';
import { entityWords, sentence } from '../../model/names.js';
import { createFormOf, type AppScreen } from '../../model/screens.js';
import { formFields } from '../forms/form-fields.js';

/** How a picker may create the record it is missing: in a dialog with these fields. */
export interface CreateChoice {
  entity: string;
  /** "Tag": the record's kind, in words, capitalised as a label starts. */
  kind: string;
  fields: Field[];
  /** The field what was typed goes into: the title, when the form asks for it. */
  typedInto?: string;
}

/**
 * Whether this reader may create a record of `entity` from a picker, and with which fields: those
 * of section 2's create form for it when they may open one, else (no form creates it) every field
 * they may set. Not offered when section 2 has a create form they may not open, section 6 gives
 * them no create row, the API creates the entity only under a parent's path, or they could set no
 * field. The server decides in the end, as everywhere.
 */
export function createChoice(
  model: AppModel,
  screens: readonly AppScreen[],
  user: SessionUser | null | undefined,
  roles: readonly string[],
  entity: string,
  call: ApiCall | undefined,
): CreateChoice | undefined {
  const target = entityOf(model, entity);
  if (!target || !call || call.path.includes(':')) return undefined;
  if (accessTo(model, roles, entity, 'create') === 'no') return undefined;
  const form = createFormOf(screens, entity, user);
  // Section 2 decides who may use its create forms: where it has one, a picker adds no other.
  const formless = !screens.some(
    (s) => s.kind === 'form' && s.entity === entity && !s.route.includes(':id'),
  );
  if (!form && !formless) return undefined;
  const fields = formFields(model, target, form ?? {}, roles, 'create', call);
  if (fields.length === 0) return undefined;
  const kind = sentence(entityWords(entity));
  const title = titleField(target)?.name;
  const typedInto = fields.find((f) => f.name === title && f.type.kind === 'text')?.name;
  return { entity, kind, fields, ...(typedInto ? { typedInto } : {}) };
}
