import { isFileDescription, isKeptFile, type FieldsChecked } from '@specrun/model';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

/** Why a list of files is refused when it keeps a file its record does not hold. */
export const NOT_HELD_REASON = 'keeps a file the record does not hold: send new files as data';

/**
 * Moves to the problems each `list of files` whose kept files (`{ url }`) are not all files of the
 * record as the caller read it (`stored`; a new record holds none): a stored file is kept by the
 * address its answers gave, never by one of another record or field.
 */
export function checkKeptFiles(
  prepared: PreparedEntity,
  checked: FieldsChecked,
  stored: WireRecord = {},
): void {
  for (const [name, value] of Object.entries(checked.values)) {
    if (prepared.fields.get(name)?.field.type.kind !== 'files' || !Array.isArray(value)) continue;
    const held = Array.isArray(stored[name]) ? (stored[name] as unknown[]) : [];
    const urls = new Set(held.filter(isFileDescription).map((f) => f.url));
    if (value.every((item) => !isKeptFile(item) || urls.has(item.url))) continue;
    checked.problems.set(name, NOT_HELD_REASON);
    delete checked.values[name];
  }
}
