import type { WireRecord } from '../store/record-codec.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { readableRecord } from './readable-record.js';
import { unreadable } from './refusal.js';
import { visibleRecord } from './visible-record.js';

/** Reads one record as the caller may see it; NOT_FOUND when it is gone or not readable. */
export async function getRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
): Promise<WireRecord> {
  const computed = prepared.databaseValues(ctx);
  const record = await readableRecord(app.store.db, prepared, ctx, id, computed);
  if (!record) throw unreadable(ctx.policy, ctx.actor, prepared.entity.name, id);
  return visibleRecord(app, prepared, ctx, record, { readable: true });
}
