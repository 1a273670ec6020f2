import type { Shape } from '../calls/call.js';
import { describeShape, isEnvelope, isObject, type Fields } from './describe-shape.js';
import { sourceOf } from './projection.js';

/**
 * A request body in the envelopes of a declared payload shape: `{ ticket: { title, body } }`
 * puts the fields under `ticket`, and names only the fields the shape lists (the server refuses
 * any other key). Without a shape, or with an entity shape, the fields are the body. What the web
 * app sends; unwrapPayload is its inverse.
 */
export function wrapPayload(shape: Shape | undefined, fields: Fields): Fields {
  if (!shape || shape.kind !== 'object') return fields;
  const out: Fields = {};
  for (const property of shape.properties) {
    if (isEnvelope(property.shape)) out[property.name] = wrapPayload(property.shape, fields);
    else if (Object.hasOwn(fields, sourceOf(property)))
      out[property.name] = sent(property.shape, fields[sourceOf(property)]);
  }
  return out;
}

/**
 * A field's value as a payload carries it: for `tags.name`, records read back from a projection
 * (`[{ name: "a" }]`) travel as that field (`["a"]`); anything else as it is.
 */
function sent(shape: Shape, value: unknown): unknown {
  if (shape.kind !== 'field' || shape.pick === undefined) return value;
  const pick = shape.pick;
  const one = (v: unknown) => (isObject(v) && Object.hasOwn(v, pick) ? v[pick] : v);
  return Array.isArray(value) ? value.map(one) : one(value);
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
    } else out.add(sourceOf(property));
  }
  return out;
}

/** The fields a body carries, or why it cannot be read as the payload its call declares. */
export type PayloadFields = { ok: true; value: Fields } | { ok: false; problem: string };

/** Thrown inside this module only, to stop at the first problem; answered as data. */
class PayloadProblem extends Error {}

function unwrapObject(shape: Extract<Shape, { kind: 'object' }>, body: Fields, at: string) {
  const expected = describeShape(shape);
  const known = new Set(shape.properties.map((p) => p.name));
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    // Nothing is silently dropped: a key the call does not take is a mistake worth naming.
    throw new PayloadProblem(
      `${at}This call does not take ${unknown.join(', ')}; it takes ${expected}.`,
    );
  }
  const fields: Fields = {};
  for (const property of shape.properties) {
    const has = Object.hasOwn(body, property.name);
    if (!isEnvelope(property.shape)) {
      // Whether a field may be missing is the operation's decision (required, PATCH semantics).
      if (has) fields[sourceOf(property)] = body[property.name];
      continue;
    }
    if (!has && property.optional) continue;
    Object.assign(fields, unwrapAt(property.shape, body[property.name], expected, property.name));
  }
  return fields;
}

function unwrapAt(shape: Shape, value: unknown, whole: string, path: string): Fields {
  if (shape.kind === 'entity' && shape.list) {
    throw new PayloadProblem(`A payload of ${describeShape(shape)} cannot be taken as one record.`);
  }
  if (!isObject(value)) {
    const where = path ? ` under "${path}"` : '';
    throw new PayloadProblem(`Expected a JSON object${where}, as ${whole}.`);
  }
  return shape.kind === 'object' ? unwrapObject(shape, value, path ? `In "${path}": ` : '') : value;
}

/**
 * The fields a request body carries, out of the envelopes its declared payload shape wraps them
 * in: `{ ticket: { title } }` gives `{ title }`. Without a shape (the default REST API), the body
 * is the fields object itself. A missing envelope, or a key the shape does not name, is a problem
 * saying what was expected. What the server reads; wrapPayload is its inverse.
 */
export function unwrapPayload(shape: Shape | undefined, body: unknown): PayloadFields {
  try {
    if (!shape) {
      if (!isObject(body)) throw new PayloadProblem('The body must be a JSON object of fields.');
      return { ok: true, value: body };
    }
    return { ok: true, value: unwrapAt(shape, body, describeShape(shape), '') };
  } catch (error) {
    if (error instanceof PayloadProblem) return { ok: false, problem: error.message };
    throw error;
  }
}
