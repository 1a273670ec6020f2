import type { PreparedApp } from '../app/prepared-app.js';
import { AppError } from '../catalogue/app-error.js';
import { computeFields } from '../operations/compute-fields.js';
import { fieldChanges } from '../operations/field-changes.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Db } from '../store/db-type.js';
import { appendHistory } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import { setsChanges } from './apply-sets.js';
import type { ExpressionBindings } from './js-conditions.js';
import { compareAndSet } from './compare-and-set.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import { merged } from '../objects/merged.js';

/** What the history entry of a move says besides the action and the states. */
export interface MoveEntry {
  input: unknown;
  byUser: string | null;
}

/**
 * Steps 6 and 7 of a transition, once its row is chosen: the row's Sets worked out from the
 * record before the move and checked, the state becoming To, computed fields stored, the change
 * written as a compare-and-set on version and state (CONFLICT when another write won), and the
 * history entry with the fields its Sets changed. Shared by a caller's transition and one an effect takes.
 */
export async function applyMove(
  app: PreparedApp,
  prepared: PreparedEntity,
  trx: Db,
  ctx: OperationContext,
  move: { stored: WireRecord; row: PreparedRow; bindings: ExpressionBindings },
  entry: MoveEntry,
): Promise<WireRecord> {
  const { stored, row, bindings } = move;
  const field = prepared.lifecycle!.field;
  const state = stored[field] as string;
  const changes = await setsChanges(app, prepared, row.sets, bindings, stored, trx, ctx);
  changes[field] = row.to;
  // Computed fields are stored too, as an update stores them, from the record after the move.
  const after = computeFields(prepared, merged(stored, changes), ctx.now);
  for (const p of prepared.fields.values())
    if (p.computed !== undefined) changes[p.field.name] = after[p.field.name];
  const id = stored.id as string;
  const expected = { id, version: stored.version as number, field, state };
  const written = await compareAndSet(trx, prepared.table, expected, changes, ctx.now);
  if (!written) throw new AppError('CONFLICT');
  await appendHistory(trx, prepared.table, {
    recordId: id,
    action: row.action,
    fromState: state,
    toState: row.to,
    input: entry.input,
    changes: fieldChanges(prepared, stored, written, Object.keys(changes)),
    byUser: entry.byUser,
    at: ctx.now,
  });
  return written;
}
