import type { ApiCall, Catalogue, Shape } from '@specrun/model';
import type { ErrorItem } from './app-error.js';
import { pathWord } from './path-word.js';

/** Where an error was met: the call being served (if any) and its path pattern. */
export interface ErrorPlace {
  call?: ApiCall | undefined;
  /** The route's path pattern, `/api/articles/:slug`; undefined when no route matched. */
  path?: string | undefined;
  /** The parameter addressing the record the error is about, when not the path's last. */
  parameter?: string | undefined;
}

/** Codes that may be about a record the path addresses. */
const ABOUT_RECORDS = new Set(['NOT_FOUND', 'FORBIDDEN']);

/** Operations whose own record is not addressed by the path (it is new, or there are many). */
const NO_ADDRESSED_RECORD = new Set(['create', 'list', 'sign-up', 'sign-in', 'sign-out', 'me']);

/** The wire names of a payload's renamed fields (`tagList: tags.name` → tags → tagList). */
function wireNames(
  shape: Shape | undefined,
  into = new Map<string, string>(),
): Map<string, string> {
  if (shape?.kind !== 'object') return into;
  for (const property of shape.properties) {
    if (property.shape.kind === 'field' && property.shape.field !== undefined)
      into.set(property.shape.field, property.name);
    else wireNames(property.shape, into);
  }
  return into;
}

const wireNamesOf = new WeakMap<ApiCall, Map<string, string>>();

/**
 * A field's key as the client knows it: its name in the call's payload (`tagList` for a
 * `tagList: tags.name` property), else the field's own name.
 */
export function fieldKey(call: ApiCall | undefined, field: string): string {
  if (!call) return field;
  let names = wireNamesOf.get(call);
  if (!names) wireNamesOf.set(call, (names = wireNames(call.payload)));
  return names.get(field) ?? field;
}

/**
 * The key an answer's message is listed under when no field names one: the catalogue row's
 * Key; else, for NOT_FOUND and FORBIDDEN about a record the path addresses, the path's word for
 * it (a create's or a list's FORBIDDEN is about no addressed record, its NOT_FOUND is about a
 * parent); else the code in lower case.
 */
export function codeKey(catalogue: Catalogue, code: string, place: ErrorPlace = {}): string {
  const declared = catalogue.keyOf(code);
  if (declared !== undefined) return declared;
  if (ABOUT_RECORDS.has(code) && place.path !== undefined) {
    const ownless = code === 'FORBIDDEN' && place.parameter === undefined;
    const kind = place.call?.operation.kind;
    const word =
      ownless && kind !== undefined && NO_ADDRESSED_RECORD.has(kind)
        ? undefined
        : pathWord(place.path, place.parameter);
    if (word !== undefined) return word;
  }
  return code.toLowerCase();
}

/** An item's key: its field's wire name, else as codeKey says of the item's code. */
export function itemKey(catalogue: Catalogue, item: ErrorItem, place: ErrorPlace): string {
  return item.field === undefined
    ? codeKey(catalogue, item.code, place)
    : fieldKey(place.call, item.field);
}
