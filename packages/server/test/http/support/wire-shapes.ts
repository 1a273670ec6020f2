import type { Shape } from '@specrun/model';

type Body = Record<string, unknown>;

/**
 * Test-side reading of section 7 shapes, written apart from the server's so that the tests check
 * the server against the document rather than against itself.
 */

/** The field names a payload shape lets a caller send; undefined when any field may be sent. */
export function payloadFields(shape: Shape | undefined): Set<string> | undefined {
  if (!shape || shape.kind === 'entity') return undefined;
  if (shape.kind !== 'object') return new Set();
  const names = new Set<string>();
  for (const p of shape.properties) {
    if (p.shape.kind === 'field' || p.shape.kind === 'count') names.add(p.name);
    else {
      const inner = payloadFields(p.shape);
      if (!inner) return undefined;
      for (const n of inner) names.add(n);
    }
  }
  return names;
}

/** Puts fields in the envelopes of a payload shape: `{ ticket: { title } }`. */
export function envelop(shape: Shape | undefined, fields: Body): Body {
  if (!shape || shape.kind !== 'object') return fields;
  const body: Body = {};
  for (const p of shape.properties) {
    if (p.shape.kind === 'object' || p.shape.kind === 'entity')
      body[p.name] = envelop(p.shape, fields);
    else if (p.name in fields) body[p.name] = fields[p.name];
  }
  return body;
}

/** The property path to the record(s) in a response shape: `['ticket']`, `[]` for bare. */
export function recordPath(shape: Shape | undefined): string[] {
  if (!shape || shape.kind !== 'object') return [];
  for (const p of shape.properties)
    if (p.shape.kind === 'entity' || p.shape.kind === 'object')
      return [p.name, ...recordPath(p.shape)];
  return [];
}

/** Reads the record (or records) out of an answer. */
export function unenvelop(shape: Shape | undefined, body: unknown): unknown {
  let value = body;
  for (const name of recordPath(shape)) value = (value as Body)[name];
  return value;
}
