import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { getRecord as storeGet, getRecordWhere } from '../store/records.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';

/**
 * The stored record when the caller may read it, undefined when it is gone or unreadable (which
 * callers answer alike). A conditional read is asked with the row in one statement, by the list's
 * condition, which holds exactly where canReadRecord does; otherwise canReadRecord decides. Run
 * on a write's transaction, it is the write's one read of the stored row.
 */
export async function readableRecord(
  db: Db,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
): Promise<WireRecord | undefined> {
  const condition = ctx.policy.listCondition(ctx.actor, prepared.entity.name);
  if (condition.kind === 'deny') return undefined;
  if (condition.kind === 'where') return getRecordWhere(db, prepared.table, id, condition.where);
  const record = await storeGet(db, prepared.table, id);
  const readable =
    record && (await ctx.policy.canReadRecord(ctx.actor, prepared.entity.name, record, db));
  return readable ? record : undefined;
}
