import { isFileDescription } from '@specrun/model';
import type { FieldChange } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// A file is kept in the history by its name: the address of a replaced file leads nowhere.
const fileName = (value: unknown): unknown => (isFileDescription(value) ? value.name : value);

function historyValue(kind: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (kind === 'file') return fileName(value);
  if (kind === 'files' && Array.isArray(value)) return value.map(fileName);
  return value;
}

/**
 * What a write of `written` changed of the fields people give values to (not the engine's fields,
 * computed values nor the state, which the entry's states tell), in the entity's field order,
 * each with its value before and after as the record answers it (files by their names).
 */
export function fieldChanges(
  prepared: PreparedEntity,
  before: WireRecord,
  after: WireRecord,
  written: Iterable<string>,
): FieldChange[] {
  const names = new Set(written);
  const out: FieldChange[] = [];
  for (const { field, input } of prepared.fields.values()) {
    if (!input || !names.has(field.name)) continue;
    const kind = field.type.kind;
    const from = historyValue(kind, before[field.name]);
    const to = historyValue(kind, after[field.name]);
    if (!same(from, to)) out.push({ field: field.name, from, to });
  }
  return out;
}
