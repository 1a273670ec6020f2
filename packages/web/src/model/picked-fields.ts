import type { Shape } from '@specrun/model';

/**
 * The fields a payload sends as one field of the records they refer to (`tagList?: tags.name`
 * sends `tags` as names): field → the picked field. The server finds each record by it, creating
 * the missing ones, so a form offers those values and takes new ones.
 */
export function pickedFields(shape: Shape | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (shape?.kind !== 'object') return out;
  for (const property of shape.properties) {
    const inner = property.shape;
    if (inner.kind === 'object') for (const [f, p] of pickedFields(inner)) out.set(f, p);
    else if (inner.kind === 'field' && inner.pick !== undefined)
      out.set(inner.field ?? property.name, inner.pick);
  }
  return out;
}

/** A record's value of a picked field as a form holds it: the picked values (`["dragons"]`). */
export function pickedValue(value: unknown, pick: string): unknown {
  const one = (v: unknown) =>
    typeof v === 'object' && v !== null && pick in v ? (v as Record<string, unknown>)[pick] : v;
  return Array.isArray(value) ? value.map(one) : value === null ? null : one(value);
}
