import type { Entity, Field } from '@specrun/model';
import { sampleValue } from '../../operations/support/sample-values.js';

type Body = Record<string, unknown>;

const ENGINE = ['id', 'createdAt', 'updatedAt', 'createdBy', 'version'];
const SCALAR = ['text', 'longText', 'enum', 'integer', 'boolean', 'date', 'money', 'email'];

/** A field whose stored value can be looked up with `field=value`: a plain, stored scalar. */
export function equalityField(entity: Entity, record: Body): Field | undefined {
  return entity.fields.find(
    (f) =>
      SCALAR.includes(f.type.kind) &&
      !f.rules.some((r) => r.kind === 'computed') &&
      record[f.name] !== null &&
      record[f.name] !== undefined,
  );
}

/** The query text of a wire value. */
export function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A reference (or list of references) the record fills, to expand with include. */
export function filledReference(entity: Entity, record: Body): Field | undefined {
  return entity.fields.find((f) => {
    const value = record[f.name];
    if (f.type.kind === 'reference') return typeof value === 'string';
    return f.type.kind === 'list' && Array.isArray(value) && value.length > 0;
  });
}

/**
 * A change an update can make: a new text for a plain text field the update call takes, else
 * the current value of any field it takes (an update that changes nothing still saves).
 */
export function updateChange(
  entity: Entity,
  record: Body,
  takes: (name: string) => boolean,
): Body | undefined {
  const settable = (f: Field) =>
    takes(f.name) &&
    !ENGINE.includes(f.name) &&
    !f.rules.some((r) => ['readOnly', 'computed', 'numbered'].includes(r.kind)) &&
    f.type.kind !== 'state';
  const text = entity.fields.find(
    (f) =>
      settable(f) &&
      (f.type.kind === 'text' || f.type.kind === 'longText') &&
      !f.rules.some((r) => r.kind === 'pattern' || r.kind === 'unique'),
  );
  if (text) return { [text.name]: sampleValue(text) };
  const any = entity.fields.find((f) => settable(f) && record[f.name] !== undefined);
  return any ? { [any.name]: record[any.name] } : undefined;
}
