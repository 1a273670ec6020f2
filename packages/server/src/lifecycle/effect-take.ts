import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { Db } from '../store/db-type.js';
import { applyMove } from './apply-move.js';
import { wrongState } from './check-roles.js';
import { chooseRow } from './choose-row.js';
import type { EffectTargetRecord } from './effect-target.js';
import { causeEntry, type EffectCause } from './effect-values.js';

/**
 * An effect's `takes action`: the target takes its own transition, in the caller's transaction,
 * as the engine rather than as the caller (the specification chose to take it, so Who and section
 * 6 are not asked): from its state (else TRANSITION_NOT_ALLOWED), the first of the action's rows
 * from that state whose When holds (else that row's Error), with its Sets, To and history entry,
 * by the caller, naming the transition that caused it.
 */
export async function takeByEffect(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  target: EffectTargetRecord,
  action: string,
  cause: EffectCause,
): Promise<void> {
  const { prepared, stored } = target;
  const lifecycle = prepared.lifecycle!;
  const state = stored[lifecycle.field] as string;
  const rows = (lifecycle.rowsByAction.get(action) ?? []).filter((r) => r.from.has(state));
  if (rows.length === 0) throw wrongState(app.catalogue);
  const entity = prepared.entity.name;
  const { actor, now } = ctx;
  const request = { db, entity, stored, actor, input: {}, now, catalogue: app.catalogue };
  const { row, bindings } = await chooseRow(rows, request);
  const entry = { input: causeEntry(cause), byUser: actor?.id ?? null };
  await applyMove(app, prepared, db, ctx, { stored, row, bindings }, entry);
}
