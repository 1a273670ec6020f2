import type { InUse } from '../operations/in-use.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';

const offersDelete = (record: WireRecord) =>
  Array.isArray(record.actions) && record.actions.includes('delete');

function withdraw(records: readonly WireRecord[], used: ReadonlySet<string>): void {
  for (const record of records)
    if (offersDelete(record) && used.has(record.id as string))
      record.actions = (record.actions as string[]).filter((a) => a !== 'delete');
}

/**
 * Takes `delete` out of the actions of the records answered in place (see local-answers.ts) that
 * other records still refer to, as availableActionsOfPage leaves it out: one statement for the
 * page, and none when no record offers it (most readers may delete nothing).
 */
export async function withdrawDeletesInUse(
  inUse: InUse | undefined,
  db: Db,
  records: readonly WireRecord[],
): Promise<void> {
  if (!inUse) return;
  const asked = records.filter(offersDelete).map((r) => r.id as string);
  if (asked.length === 0) return;
  withdraw(records, await inUse.among(db, asked));
}

/**
 * withdrawDeletesInUse for one record, at once; false when the store cannot answer at once, and
 * the record must be answered otherwise.
 */
export function withdrawDeleteInUseNow(
  inUse: InUse | undefined,
  db: Db,
  record: WireRecord,
): boolean {
  if (!inUse || !offersDelete(record)) return true;
  const used = inUse.amongNow(db, [record.id as string]);
  if (!used) return false;
  withdraw([record], used);
  return true;
}
