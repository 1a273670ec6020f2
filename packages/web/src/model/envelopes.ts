import type { Shape } from '@specrun/model';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const holdsFields = (shape: Shape) => shape.kind === 'object' || shape.kind === 'entity';

/**
 * A request body in the envelopes of a declared payload shape: `{ ticket: { title, body } }`
 * puts the fields under `ticket`, and names only the fields the shape lists (the server refuses
 * any other key). Without a shape, or with an entity shape, the fields are the body.
 */
export function wrapPayload(shape: Shape | undefined, fields: Fields): Fields {
  if (!shape || shape.kind !== 'object') return fields;
  const out: Fields = {};
  for (const property of shape.properties) {
    if (holdsFields(property.shape)) out[property.name] = wrapPayload(property.shape, fields);
    else if (property.name in fields) out[property.name] = fields[property.name];
  }
  return out;
}

/**
 * The field names a declared payload can carry (`{ book: { title, year? } }` → title, year), or
 * undefined when any field may be sent (no shape, or a whole entity).
 */
export function payloadFields(shape: Shape | undefined): Set<string> | undefined {
  if (!shape || shape.kind !== 'object') return undefined;
  const out = new Set<string>();
  for (const property of shape.properties) {
    if (property.shape.kind === 'entity') return undefined;
    if (property.shape.kind === 'object') {
      const inner = payloadFields(property.shape);
      if (!inner) return undefined;
      for (const name of inner) out.add(name);
    } else out.add(property.name);
  }
  return out;
}

/** The path of property names from an object shape to the entity it holds, if it holds one. */
function pathTo(shape: Shape, list: boolean): string[] | undefined {
  if (shape.kind === 'entity') return shape.list === list ? [] : undefined;
  if (shape.kind !== 'object') return undefined;
  for (const property of shape.properties) {
    const inner = pathTo(property.shape, list);
    if (inner) return [property.name, ...inner];
  }
  return undefined;
}

function at(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const name of path) value = isObject(value) ? value[name] : undefined;
  return value;
}

/** The record out of a declared response's envelopes (`{ ticket: Ticket }` → the ticket). */
export function unwrapRecord(shape: Shape | undefined, body: unknown): unknown {
  if (!shape) return body;
  const path = pathTo(shape, false);
  return path ? at(body, path) : body;
}

/** One page of a list, out of whatever envelope the call answers it in. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
  /** The number of records matching, when the call's response declares `count`. */
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

/** The cursor of a `Link: <...cursor=...>; rel="next"` header, which bare arrays use. */
function cursorOfLink(link: string | null): string | undefined {
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
  return match
    ? (new URL(match[1]!, 'http://x').searchParams.get('cursor') ?? undefined)
    : undefined;
}

/**
 * A list answer as a page: `{ items, nextCursor }` on the default API, or the records out of the
 * declared Response shape (`{ books: Book[], count }`), its cursor beside them or in `Link`.
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
    const path = pathTo(shape, true);
    items = path ? at(body, path) : undefined;
    nextCursor = isObject(body) ? body.nextCursor : cursorOfLink(link);
  }
  const page: Page<T> = { items: Array.isArray(items) ? (items as T[]) : [] };
  if (typeof nextCursor === 'string') page.nextCursor = nextCursor;
  const count = shape ? countOf(shape, body) : undefined;
  if (count !== undefined) page.count = count;
  return page;
}
