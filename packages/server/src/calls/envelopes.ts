import type { Shape } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';

/** What a list answer carries besides its records, for the envelope properties that ask. */
export interface ResponseExtras {
  /** The number of records matching, before paging (a `count` or `total` property). */
  count?: number;
  /** The cursor of the next page; left out on the last page. */
  nextCursor?: string;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A shape as written in section 7, for messages: `{ ticket: { title, body, priority? } }`. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case 'entity':
      return shape.list ? `${shape.entity}[]` : shape.entity;
    case 'field':
    case 'count':
      return shape.kind;
    case 'object': {
      const inner = shape.properties.map((p) => {
        const name = `${p.name}${p.optional ? '?' : ''}`;
        const bare = p.shape.kind === 'field' || (p.shape.kind === 'count' && !p.optional);
        return bare ? name : `${name}: ${describeShape(p.shape)}`;
      });
      return `{ ${inner.join(', ')} }`;
    }
  }
}

/** Whether a property holds more fields (an envelope) rather than being one field itself. */
const isEnvelope = (shape: Shape) => shape.kind === 'object' || shape.kind === 'entity';

function badRequest(detail: string): AppError {
  return new AppError('BAD_REQUEST', detail);
}

function unwrapObject(shape: Extract<Shape, { kind: 'object' }>, body: Fields, at: string) {
  const expected = describeShape(shape);
  const known = new Set(shape.properties.map((p) => p.name));
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    // Nothing is silently dropped: a key the call does not take is a mistake worth naming.
    throw badRequest(`${at}This call does not take ${unknown.join(', ')}; it takes ${expected}.`);
  }
  const fields: Fields = {};
  for (const property of shape.properties) {
    const has = Object.hasOwn(body, property.name);
    if (!isEnvelope(property.shape)) {
      // Whether a field may be missing is the operation's decision (required, PATCH semantics).
      if (has) fields[property.name] = body[property.name];
      continue;
    }
    if (!has && property.optional) continue;
    Object.assign(fields, unwrapAt(property.shape, body[property.name], expected, property.name));
  }
  return fields;
}

function unwrapAt(shape: Shape, value: unknown, whole: string, path: string): Fields {
  if (shape.kind === 'entity' && shape.list) {
    throw badRequest(`A payload of ${describeShape(shape)} cannot be taken as one record.`);
  }
  if (!isObject(value)) {
    const where = path ? ` under "${path}"` : '';
    throw badRequest(`Expected a JSON object${where}, as ${whole}.`);
  }
  return shape.kind === 'object' ? unwrapObject(shape, value, path ? `In "${path}": ` : '') : value;
}

/**
 * The fields a request body carries, out of the envelopes its declared payload shape wraps them
 * in: `{ ticket: { title } }` gives `{ title }`. Without a shape (the default REST API), the body
 * is the fields object itself. A missing envelope, or a key the shape does not name, is
 * BAD_REQUEST saying what was expected.
 */
export function unwrapPayload(shape: Shape | undefined, body: unknown): Fields {
  if (!shape) {
    if (!isObject(body)) throw badRequest('The body must be a JSON object of fields.');
    return body;
  }
  return unwrapAt(shape, body, describeShape(shape), '');
}

/** Whether a response shape has a `count` (or `total`) property, so the list must be counted. */
export function wantsCount(shape: Shape | undefined): boolean {
  if (!shape || shape.kind !== 'object') return false;
  return shape.properties.some((p) => p.shape.kind === 'count' || wantsCount(p.shape));
}

function wrapAt(shape: Shape, value: unknown, extras: ResponseExtras): unknown {
  switch (shape.kind) {
    case 'entity':
      return value;
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
          if (property.name === 'nextCursor') wrapped = extras.nextCursor;
          else if (isObject(value)) wrapped = value[property.name];
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
 * name it, so every list can be paged; a bare array cannot carry it (the route sends a header).
 * Without a shape the value is answered as it is.
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
