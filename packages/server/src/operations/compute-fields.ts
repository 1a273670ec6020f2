import { checkValue } from '@specrun/model';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';
import { copied } from '../objects/merged.js';

/**
 * The record with its computed fields worked out from its other fields. A computed value that
 * counts records or follows a reference needs the database, which evaluate() does not reach: it
 * is left empty for now.
 */
export function computeFields(prepared: PreparedEntity, record: WireRecord, now: Date): WireRecord {
  const out: WireRecord = copied(record);
  for (const p of prepared.computed) {
    const value = p.computed!({ record, now });
    const checked = value === null ? undefined : checkValue(p, value, []);
    out[p.field.name] = checked?.ok ? checked.value : null;
  }
  return out;
}
