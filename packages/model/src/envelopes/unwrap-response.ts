import type { EntityShape, Shape } from '../calls/call.js';
import { isObject, type Fields } from './describe-shape.js';
import { cursorOfLink } from './page-link.js';
import { sourceOf, unprojectRecord } from './projection.js';

interface PathToEntity {
  path: string[];
  entity: EntityShape;
}

/** The path of property names from an object shape to the entity it holds, if it holds one. */
function pathTo(shape: Shape, list: boolean): PathToEntity | undefined {
  if (shape.kind === 'entity') return shape.list === list ? { path: [], entity: shape } : undefined;
  if (shape.kind !== 'object') return undefined;
  for (const property of shape.properties) {
    const inner = pathTo(property.shape, list);
    if (inner) return { path: [property.name, ...inner.path], entity: inner.entity };
  }
  return undefined;
}

function at(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const name of path) value = isObject(value) ? value[name] : undefined;
  return value;
}

/** The fields an object shape names, wherever they are in its envelopes, out of a body. */
function namedFields(shape: Extract<Shape, { kind: 'object' }>, body: unknown): Fields {
  const out: Fields = {};
  if (!isObject(body)) return out;
  for (const property of shape.properties) {
    if (!Object.hasOwn(body, property.name)) continue;
    const value = body[property.name];
    if (property.shape.kind === 'field') out[sourceOf(property)] = value;
    else if (property.shape.kind === 'object')
      Object.assign(out, namedFields(property.shape, value));
  }
  return out;
}

/**
 * The record out of a declared response's envelopes: the entity it holds (`{ ticket: Ticket }`
 * → the ticket), else the fields it names (`{ ticket: { id, title } }` → id and title). Without
 * a shape the body is the record.
 */
export function unwrapRecord(shape: Shape | undefined, body: unknown): unknown {
  if (!shape) return body;
  const found = pathTo(shape, false);
  if (found) return unprojectRecord(found.entity, at(body, found.path));
  return shape.kind === 'object' ? namedFields(shape, body) : body;
}

/** One page of a list, out of whatever envelope the call answers it in. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
  /**
   * The number of records matching, before paging: the declared response's `count`, or the
   * default page's `total` when it was asked for.
   */
  count?: number;
}

function countOf(shape: Shape, body: unknown): number | undefined {
  if (shape.kind !== 'object' || !isObject(body)) return undefined;
  for (const property of shape.properties) {
    const value = body[property.name];
    if (property.shape.kind === 'count' && typeof value === 'number') return value;
    const inner = countOf(property.shape, value);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * A list answer as a page: `{ items, nextCursor }` on the default API, or the records out of the
 * declared response shape (`{ books: Book[], count }`), its cursor beside them or, for a bare
 * array, in the `Link` header. The inverse of wrapPage.
 */
export function unwrapPage<T>(
  shape: Shape | undefined,
  body: unknown,
  link: string | null,
): Page<T> {
  let items: unknown;
  let nextCursor: unknown;
  if (!shape) {
    items = isObject(body) ? body.items : undefined;
    nextCursor = isObject(body) ? body.nextCursor : undefined;
  } else {
    const found = pathTo(shape, true);
    const answered = found ? at(body, found.path) : undefined;
    items = Array.isArray(answered)
      ? answered.map((item) => unprojectRecord(found!.entity, item))
      : undefined;
    nextCursor = isObject(body) ? body.nextCursor : cursorOfLink(link);
  }
  const page: Page<T> = { items: Array.isArray(items) ? (items as T[]) : [] };
  if (typeof nextCursor === 'string') page.nextCursor = nextCursor;
  const total = isObject(body) ? body.total : undefined;
  const count = shape ? countOf(shape, body) : typeof total === 'number' ? total : undefined;
  if (count !== undefined) page.count = count;
  return page;
}
