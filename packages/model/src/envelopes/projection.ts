import type { EntityShape, Shape, ShapeProperty } from '../calls/call.js';
import { isObject, type Fields } from './describe-shape.js';

// A projection (`User { username, bio }`) answers only the properties it lists, in its order;
// a property the record lacks (the caller may not read it) is absent, never null. References the
// projection renders as objects, and lists it renders as one field (`tags.name`), must already
// hold the records they refer to: the server expands them (one query per reference and page).

/**
 * The record field a bare or renamed property travels as: `id: number` → `number`,
 * `hiring_manager: hiringManager UserSummary` → `hiringManager`.
 */
export function sourceOf(property: ShapeProperty): string {
  const shape = property.shape;
  return shape.kind === 'field' || shape.kind === 'entity'
    ? (shape.field ?? property.name)
    : property.name;
}

/** `tags.name` of expanded records: the names in list order; a reference's one name, or null. */
function picked(value: unknown, pick: string): unknown {
  if (Array.isArray(value))
    return value.filter(isObject).flatMap((item) => (pick in item ? [item[pick]] : []));
  return isObject(value) ? (value[pick] ?? null) : null;
}

/** What one property of a projection answers for a record; undefined when it is absent. */
export function propertyValue(property: ShapeProperty, record: Fields): unknown {
  const source = sourceOf(property);
  if (!Object.hasOwn(record, source)) return undefined;
  const value = record[source];
  const shape = property.shape;
  if (shape.kind === 'field') return shape.pick ? picked(value, shape.pick) : value;
  if (shape.kind !== 'entity') return undefined;
  // A reference the caller may not read stays an id after expansion: it is answered as null.
  if (Array.isArray(value)) return value.filter(isObject).map((r) => projectRecord(shape, r));
  return isObject(value) ? projectRecord(shape, value) : null;
}

/** One record as an entity shape answers it: whole, projected, or as one of its fields. */
export function projectRecord(shape: EntityShape, record: unknown): unknown {
  if (!isObject(record)) return record;
  if (shape.value !== undefined) return record[shape.value];
  if (!shape.fields) return record;
  const out: Fields = {};
  for (const property of shape.fields) {
    const value = propertyValue(property, record);
    if (value !== undefined) out[property.name] = value;
  }
  return out;
}

/** `tags.name` read back: each value as a record holding that one field (`{ name }`). */
function unpicked(value: unknown, pick: string): unknown {
  if (Array.isArray(value)) return value.map((v) => ({ [pick]: v }));
  return value === null || value === undefined ? null : { [pick]: value };
}

/**
 * A projected record read back as the record's fields: renames reversed, a reference rendered
 * as an object read back the same way, and a list of one field as records holding that field
 * (`tagList: ["a"]` → `tags: [{ name: "a" }]`). What the web app reads; the inverse of
 * projectRecord on the fields a projection lists.
 */
export function unprojectRecord(shape: EntityShape, answer: unknown): unknown {
  if (shape.value !== undefined) return { [shape.value]: answer };
  if (!shape.fields || !isObject(answer)) return answer;
  const out: Fields = {};
  for (const property of shape.fields) {
    if (!Object.hasOwn(answer, property.name)) continue;
    const value = answer[property.name];
    const inner = property.shape;
    if (inner.kind === 'field' && inner.pick !== undefined)
      out[sourceOf(property)] = unpicked(value, inner.pick);
    else if (inner.kind !== 'entity') out[sourceOf(property)] = value;
    else
      out[sourceOf(property)] = Array.isArray(value)
        ? value.map((v) => unprojectRecord(inner, v))
        : unprojectRecord(inner, value);
  }
  return out;
}

/** Whether an entity shape changes the record it answers (a projection or one field). */
export const projects = (shape: Shape): shape is EntityShape =>
  shape.kind === 'entity' && (shape.fields !== undefined || shape.value !== undefined);
