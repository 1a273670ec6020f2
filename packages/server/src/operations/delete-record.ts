import { AppError } from '../catalogue/app-error.js';
import { deleteRecord as storeDelete } from '../store/delete-record.js';
import { countingTransaction } from '../rules/counting-transaction.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { readableRecord } from './readable-record.js';
import { referencesSeen } from './references-seen.js';
import { notFound, refusal, unreadable } from './refusal.js';
import { storeWork } from './store-errors.js';
import { refuseByRules } from './delete-rules.js';

/**
 * Deletes a record: NOT_FOUND when gone or unreadable, CONFLICT when `expectedVersion` is stale,
 * section 6 on the stored record, the rules of section 5 that run on delete (the first failing
 * one's code, nothing deleted), and IN_USE naming what still refers to it (section 3: a
 * referenced record is withdrawn, not deleted), counting only what the caller may read.
 */
export function deleteRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
  expectedVersion?: number,
): Promise<void> {
  const entity = prepared.entity.name;
  return storeWork(() =>
    countingTransaction(app.store, async (trx, takeTurn) => {
      const stored = await readableRecord(trx, prepared, ctx, id);
      if (!stored) throw unreadable(ctx.policy, ctx.actor, entity, id);
      if (expectedVersion !== undefined && stored.version !== expectedVersion)
        throw new AppError('CONFLICT');
      if (!(await ctx.policy.canDelete(ctx.actor, entity, stored, trx))) throw refusal(ctx.actor);
      await refuseByRules(app, prepared, ctx, stored, takeTurn, trx);
      const result = await storeDelete(trx, prepared.table, id, expectedVersion);
      if (result.ok) return;
      if (result.code === 'NOT_FOUND') throw notFound(entity, id);
      if (result.code === 'CONFLICT') throw new AppError('CONFLICT');
      const names = await referencesSeen(trx, app, ctx, prepared.table, id, result.references);
      const detail = `Still referred to by ${names.join(', ')}.`;
      throw new AppError('IN_USE', detail, { references: names.join(', ') });
    }),
  );
}
