import { userRecord } from '../callers/user-record.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { getRecord as storeGet, getRecordWhere } from '../store/records.js';
import type { ComputedValues } from '../store/list-records.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';

/**
 * The stored record when the caller may read it, undefined when it is gone or unreadable (which
 * callers answer alike). When the caller's read decisions are all local (localReading), the row
 * is read by id, by a statement prepared once, and decided in place; else a conditional read is
 * asked with the row in one statement, by the list's condition, which holds exactly where
 * canReadRecord does (compiled for the request); otherwise canReadRecord decides. Run on a
 * write's transaction, it is the write's one read of the stored row.
 */
export async function readableRecord(
  db: Db,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
  /** Read the values the database computes too (a record shown, not one about to be written). */
  computed?: ComputedValues,
): Promise<WireRecord | undefined> {
  const entity = prepared.entity.name;
  const table = prepared.table;
  const asksComputed = computed !== undefined && Object.keys(computed).length > 0;
  const reading = asksComputed ? undefined : ctx.policy.localReading?.(ctx.actor, entity);
  if (reading) {
    const record = await storeGet(db, table, id);
    return record && reading.canRead(record, userRecord(ctx.actor), ctx.now) ? record : undefined;
  }
  const condition = ctx.policy.listCondition(ctx.actor, entity);
  if (condition.kind === 'deny') return undefined;
  if (condition.kind === 'where') return getRecordWhere(db, table, id, condition.where, computed);
  const record = await storeGet(db, table, id, computed);
  const readable = record && (await ctx.policy.canReadRecord(ctx.actor, entity, record, db));
  return readable ? record : undefined;
}
