import { isAddressProblem, pathAddress, type ApiCall, type AppModel } from '@specrun/model';

/**
 * What places a record under its parents in a nested call's path, besides its handle
 * (`DELETE /api/articles/:slug/comments/:number` needs the article's slug as well).
 */
export interface RecordPlace {
  /** The record as read: its references to its parents, expanded (`include`) or as ids. */
  record?: Readonly<Record<string, unknown>>;
  /** The path values of the nested list it was found in (`{ slug }`), which hold its parents. */
  path?: Readonly<Record<string, string>>;
}

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * The values of a call's path parameters for one record, as the server reads them (see
 * pathAddress): the last one its handle; each earlier one a parent's value of the field the path
 * addresses it by, reached through the record's reference to it (`article` of a comment), and
 * from that parent's to its own. A reference held as an id gives only a parent addressed by id;
 * one expanded gives any of its fields. The list the record was found in gives the rest.
 */
export function pathValues(
  model: AppModel,
  call: ApiCall,
  handle: string,
  place: RecordPlace = {},
): Record<string, string> {
  const params = [...call.path.matchAll(PARAMETER)].map((m) => m[1]!);
  const last = params[params.length - 1];
  const values: Record<string, string> = {};
  const address = pathAddress(model, call);
  if (!isAddressProblem(address)) {
    let holder: unknown = place.record;
    for (const parent of [...address.parents].reverse()) {
      if (typeof holder !== 'object' || holder === null) break;
      const reference = (holder as Record<string, unknown>)[parent.via];
      const expanded = typeof reference === 'object' && reference !== null;
      const value = expanded
        ? asText((reference as Record<string, unknown>)[parent.field])
        : parent.field === 'id'
          ? asText(reference)
          : undefined;
      if (value !== undefined) values[parent.param] = value;
      holder = expanded ? reference : undefined;
    }
  }
  for (const [name, value] of Object.entries(place.path ?? {}))
    if (name !== last) values[name] = value;
  if (last !== undefined) values[last] = handle;
  return values;
}
