import type { PageOptions } from '../lifecycle/available-actions.js';
import type { OperationContext } from '../operations/operation-context.js';
import { storedRecordOf } from '../operations/visible-record.js';
import type { WireRecord } from '../store/record-codec.js';
import type { EntityApi } from './api-context.js';
import { merged } from '../objects/merged.js';

/**
 * Records as the API answers them: each lists under `actions` the transitions the caller may
 * take on it now, decided by the very checks a transition makes, then `update` and `delete` when
 * section 6 lets the caller change or delete it now, so that a client never offers a button that
 * would fail. Decided after the write has committed:
 * the checks read the database, and on SQLite a second connection would wait on the write.
 */
export async function withActions(
  target: EntityApi,
  ctx: OperationContext,
  records: readonly WireRecord[],
  options: PageOptions = {},
): Promise<WireRecord[]> {
  const actions = await target.lifecycle.availableActionsOfPage(ctx, records, options);
  return records.map((record, i) => {
    // Records the operations have just shown are this request's own: they take their actions
    // in place, and stay linked to the stored records behind them.
    if (storedRecordOf(record)) {
      record.actions = actions[i] ?? [];
      return record;
    }
    return merged(record, { actions: actions[i] ?? [] });
  });
}

/** One record with its `actions` (see withActions). */
export async function withActionsOf(
  target: EntityApi,
  ctx: OperationContext,
  record: WireRecord,
  options: PageOptions = {},
): Promise<WireRecord> {
  const [answered] = await withActions(target, ctx, [record], options);
  return answered!;
}
