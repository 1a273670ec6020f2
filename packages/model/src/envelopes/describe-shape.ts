import type { Shape, ShapeProperty } from '../calls/call.js';

/** Fields as they travel: a record, or a payload's values by field name. */
export type Fields = Record<string, unknown>;

/** Whether a value is a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a property holds more fields (an envelope) rather than being one field itself. */
export const isEnvelope = (shape: Shape): boolean =>
  shape.kind === 'object' || shape.kind === 'entity';

/** A shape as written in section 7, for messages: `{ ticket: { title, body, priority? } }`. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case 'entity': {
      const list = shape.list ? '[]' : '';
      if (shape.field !== undefined) {
        const { field, ...rendered } = shape;
        return `${field} ${describeShape(rendered)}`;
      }
      if (shape.named !== undefined) return `${shape.named}${list}`;
      if (shape.value !== undefined) return `${shape.entity}.${shape.value}${list}`;
      const fields = shape.fields ? ` ${describeProperties(shape.fields)}` : '';
      return `${shape.entity}${list}${fields}`;
    }
    case 'field':
      if (shape.field === undefined) return 'field';
      return shape.pick === undefined ? shape.field : `${shape.field}.${shape.pick}`;
    case 'count':
      return shape.kind;
    case 'object':
      return describeProperties(shape.properties);
  }
}

function describeProperties(properties: readonly ShapeProperty[]): string {
  const inner = properties.map((p) => {
    const name = `${p.name}${p.optional ? '?' : ''}`;
    const bare =
      (p.shape.kind === 'field' && p.shape.field === undefined) ||
      (p.shape.kind === 'count' && !p.optional);
    return bare ? name : `${name}: ${describeShape(p.shape)}`;
  });
  return `{ ${inner.join(', ')} }`;
}
