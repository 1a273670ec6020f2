import { sourceOf, type Shape, type ShapeProperty } from '@specrun/model';
import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
import { entityApi, type ApiContext } from './api-context.js';
import { readableById } from './include-references.js';
import { copied } from '../objects/merged.js';

// A response that renders references as objects (`author: Profile`) or lists as one field
// (`tagList: tags.name`) needs the records they refer to. The model's wrapResponse projects them
// (projectRecord); here they are loaded: one query per reference field and page, read through
// the target's list so section 6 decides and per-reader computed values (`following`) are the
// caller's. The plan is made once per call, at start.

/** A reference field to load, with what to load in turn inside the records it refers to. */
interface Expansion {
  field: string;
  entity: string;
  then: Expansion[];
}

/** The shape of the records a response answers: the entity shape in its envelopes. */
function recordShape(shape: Shape): Shape | undefined {
  if (shape.kind === 'entity') return shape;
  if (shape.kind !== 'object') return undefined;
  for (const property of shape.properties) {
    const found = recordShape(property.shape);
    if (found?.kind === 'entity') return found;
  }
  return shape;
}

function expansions(
  api: ApiContext,
  entity: string,
  properties: readonly ShapeProperty[] | undefined,
): Expansion[] {
  const out: Expansion[] = [];
  const fields = entityApi(api, entity).fields;
  for (const property of properties ?? []) {
    const inner = property.shape;
    const field = sourceOf(property);
    const type = fields.get(field)?.type;
    if (type?.kind !== 'reference' && type?.kind !== 'list') continue;
    if (inner.kind === 'field' && inner.pick !== undefined)
      out.push({ field, entity: type.entity, then: [] });
    else if (inner.kind === 'entity')
      out.push({ field, entity: type.entity, then: expansions(api, type.entity, inner.fields) });
  }
  return out;
}

/** The references a call's response renders, for records of `entity`; empty when none. */
function planOf(api: ApiContext, entity: string, shape: Shape | undefined): Expansion[] {
  const records = shape && recordShape(shape);
  if (!records) return [];
  if (records.kind === 'entity') return expansions(api, entity, records.fields);
  // Bare fields of an envelope (`{ article: { title, tagList: tags.name } }`) are the record's.
  return expansions(api, entity, collectFields(records));
}

/** The properties of an envelope and of the envelopes inside it. */
function collectFields(shape: Shape): ShapeProperty[] {
  if (shape.kind !== 'object') return [];
  return shape.properties.flatMap((p) =>
    p.shape.kind === 'object' ? collectFields(p.shape) : [p],
  );
}

async function expand(
  api: ApiContext,
  ctx: OperationContext,
  records: WireRecord[],
  plan: readonly Expansion[],
): Promise<WireRecord[]> {
  if (plan.length === 0) return records;
  const out = records.map(copied);
  for (const step of plan) {
    const ids = new Set<string>();
    for (const record of out) {
      const value = record[step.field];
      for (const id of Array.isArray(value) ? value : [value])
        if (typeof id === 'string') ids.add(id);
    }
    const found = await readableById(api, ctx, entityApi(api, step.entity), [...ids]);
    const loaded = await expand(api, ctx, [...found.values()], step.then);
    const byId = new Map(loaded.map((r) => [r.id as string, r]));
    // An id the caller may not read stays an id: the projection answers it as null.
    const record = (id: unknown) => (typeof id === 'string' ? (byId.get(id) ?? id) : id);
    for (const r of out) {
      const value = r[step.field];
      if (value === undefined || value === null) continue;
      r[step.field] = Array.isArray(value) ? value.map(record) : record(value);
    }
  }
  return out;
}

/** Loads what a call's response renders of `entity`'s records, or answers them as they are. */
export type ResponseExpansion = (
  ctx: OperationContext,
  records: WireRecord[],
) => Promise<WireRecord[]>;

/** The expansion of a call's response, planned once at start. */
export function responseExpansion(
  api: ApiContext,
  entity: string,
  shape: Shape | undefined,
): ResponseExpansion {
  const plan = planOf(api, entity, shape);
  return (ctx, records) => expand(api, ctx, records, plan);
}
