import { dateIn, instantToWallTime, type Field } from '@specrun/model';
import { defaultFormValue, toFormValue, type FormValue } from '../inputs/form-values.js';
import type { ApiRecord } from '../../model/record-label.js';

/**
 * What a create form starts with: each field's default of section 3 — a literal as written,
 * `today()` and `now` as they are now. Other expressions (`user.id`, constants) are left to the
 * server, which fills them in when the field is sent empty.
 */
export function createValues(
  fields: readonly Field[],
  timeZone: string,
): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const field of fields) {
    const source =
      field.default?.kind === 'expression' ? field.default.expression.source.trim() : '';
    if (source === 'today()' && field.type.kind === 'date')
      out[field.name] = dateIn(Date.now(), timeZone);
    else if (source === 'now' && field.type.kind === 'datetime')
      out[field.name] = instantToWallTime(new Date().toISOString(), timeZone);
    else out[field.name] = defaultFormValue(field, timeZone);
  }
  return out;
}

/** What an edit form starts with: the record's current values. */
export function editValues(
  fields: readonly Field[],
  record: ApiRecord,
  timeZone: string,
): Record<string, FormValue> {
  return Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, record[f.name], timeZone)]));
}

/**
 * Values the address gives a create form (`/bookings/new?event=…`, from the workshop's screen):
 * only for the form's own fields, read as the field's type.
 */
export function givenValues(
  fields: readonly Field[],
  search: URLSearchParams,
  timeZone: string,
): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const field of fields) {
    const value = search.get(field.name);
    if (value !== null) out[field.name] = toFormValue(field, value, timeZone);
  }
  return out;
}
