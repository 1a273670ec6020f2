import { getRecord as storeGet } from '../store/records.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { unreadable } from './refusal.js';
import { visibleRecord } from './visible-record.js';

/** Reads one record as the caller may see it; NOT_FOUND when it is gone or not readable. */
export async function getRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
): Promise<WireRecord> {
  const entity = prepared.entity.name;
  const db = app.store.db;
  const record = await storeGet(db, prepared.table, id);
  if (!record || !(await ctx.policy.canReadRecord(ctx.actor, entity, record, db)))
    throw unreadable(ctx.policy, ctx.actor, entity, id);
  return visibleRecord(app, prepared, ctx, record);
}
