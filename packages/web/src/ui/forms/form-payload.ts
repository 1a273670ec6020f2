import type { Field } from '@specrun/model';
import { isBlank, toWireValue, type FormValue } from '../inputs/form-values.js';

/** What a submitted form sends, and the fields the server checks on receiving it. */
export interface Payload {
  fields: Record<string, unknown>;
  /** The fields the server's checks will look at: those sent, and on create the empty ones. */
  checked: string[];
}

const same = (a: FormValue | undefined, b: FormValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Whether a field is filled in without the caller: a default of section 3 applies on create. */
export const hasDefault = (field: Field) => field.default !== undefined;

/**
 * The fields to send, as the server takes them. On create every filled-in field is sent; an empty
 * one is left out, so that its default applies, and still checked when it has none (required).
 * On update only the fields that changed are sent and checked, an emptied one as null: the server
 * checks only what changes.
 */
export function formPayload(
  fields: readonly Field[],
  values: Record<string, FormValue>,
  initial: Record<string, FormValue>,
  action: 'create' | 'update',
  timeZone: string,
): Payload {
  const out: Payload = { fields: {}, checked: [] };
  for (const field of fields) {
    const value = values[field.name] ?? null;
    if (action === 'update' && same(value, initial[field.name])) continue;
    const wire = toWireValue(field, value, timeZone);
    if (action === 'create' && isBlank(value)) {
      if (!hasDefault(field)) out.checked.push(field.name);
      continue;
    }
    out.fields[field.name] = wire;
    out.checked.push(field.name);
  }
  return out;
}
