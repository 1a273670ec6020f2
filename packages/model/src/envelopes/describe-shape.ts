import type { Shape } from '../calls/call.js';

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
