import type { Shape } from '../calls/call.js';
import { isObject, type Fields } from './describe-shape.js';
import { projectRecord, projects, propertyValue } from './projection.js';

/** What a list answer carries besides its records, for the envelope properties that ask. */
export interface ResponseExtras {
  /** The number of records matching, before paging (a `count` property). */
  count?: number;
  /** The same number, asked of the engine's page with `total=true`. */
  total?: number;
  /** The cursor of the next page; left out on the last page. */
  nextCursor?: string;
}

/** Whether a response shape has a `count` property, so the list must be counted. */
export function wantsCount(shape: Shape | undefined): boolean {
  if (!shape || shape.kind !== 'object') return false;
  return shape.properties.some((p) => p.shape.kind === 'count' || wantsCount(p.shape));
}

function wrapAt(shape: Shape, value: unknown, extras: ResponseExtras): unknown {
  switch (shape.kind) {
    case 'entity':
      if (!projects(shape)) return value;
      return Array.isArray(value)
        ? value.map((r) => projectRecord(shape, r))
        : projectRecord(shape, value);
    case 'count':
      return extras.count;
    case 'field':
      return undefined;
    case 'object': {
      const out: Fields = {};
      for (const property of shape.properties) {
        const inner = property.shape;
        let wrapped: unknown;
        if (inner.kind === 'field') {
          // A bare name answers the record's own field, or the list's cursor.
          if (property.name === 'nextCursor' && inner.field === undefined)
            wrapped = extras.nextCursor;
          else if (isObject(value)) wrapped = propertyValue(property, value);
        } else wrapped = wrapAt(inner, value, extras);
        if (wrapped !== undefined) out[property.name] = wrapped;
      }
      return out;
    }
  }
}

/**
 * The answer in the envelope of the declared response shape: `{ ticket: Ticket }`,
 * `{ tickets: Ticket[], count }`, a bare `Ticket` or `Ticket[]`. `value` is the record or the
 * page's records. A list's `nextCursor` goes next to the records in an envelope that does not
 * name it, so every list can be paged; a bare array cannot carry it (see nextPageLink). Without a
 * shape (the default REST API) the value is answered as it is. What the server answers;
 * unwrapRecord and unwrapPage are its inverses.
 */
export function wrapResponse(
  shape: Shape | undefined,
  value: unknown,
  extras: ResponseExtras = {},
): unknown {
  if (!shape) return value;
  const wrapped = wrapAt(shape, value, extras);
  if (
    shape.kind === 'object' &&
    extras.nextCursor !== undefined &&
    isObject(wrapped) &&
    !shape.properties.some((p) => p.name === 'nextCursor')
  ) {
    wrapped.nextCursor = extras.nextCursor;
  }
  return wrapped;
}

/**
 * A page of a list as the server answers it: `{ items, nextCursor }` on the default REST API
 * (no shape), with `total` when asked, else the declared response shape around the records (see wrapResponse).
 */
export function wrapPage(
  shape: Shape | undefined,
  items: readonly unknown[],
  extras: ResponseExtras = {},
): unknown {
  if (shape) return wrapResponse(shape, items, extras);
  const page: { items: readonly unknown[]; total?: number; nextCursor?: string } = { items };
  if (extras.total !== undefined) page.total = extras.total;
  if (extras.nextCursor !== undefined) page.nextCursor = extras.nextCursor;
  return page;
}
