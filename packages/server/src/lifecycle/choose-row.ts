import type { Catalogue, CheckSettings } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { userRecord } from '../callers/user-record.js';
import type { Actor } from '../callers/actor.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { jsConditionsHold, loadBindings, type ExpressionBindings } from './js-conditions.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import { guardHolds } from './guard-holds.js';
import { ConditionBatch } from '../store/condition-batch.js';
import { inputRefusal } from './input-refusal.js';
import { merged } from '../objects/merged.js';

/** The row a transition takes, and the values its Sets are worked out from. */
export interface ChosenRow {
  row: PreparedRow;
  bindings: ExpressionBindings;
}

/** What checking the guards of a transition needs. */
export interface GuardRequest {
  db: Db;
  entity: string;
  stored: WireRecord;
  actor: Actor | null;
  input: Record<string, unknown>;
  now: Date;
  catalogue: Catalogue;
  /**
   * Given when the input is the caller's (a request, not an effect or the scheduler): a guard
   * that fails on it alone is then refused at the input (inputRefusal).
   */
  settings?: CheckSettings;
}

/**
 * Step 5: the first candidate row whose When holds (its SQL part on the transaction, then its
 * JavaScript parts with the payload). The candidates are the caller's rows from the state: a
 * patient's `cancel` and reception's, when the caller holds both roles. When none holds, the first
 * candidate's Error code answers, with the catalogue's message (TRANSITION_NOT_ALLOWED when the
 * row names none); at the inputs, when the caller's input alone made that row's guard fail.
 */
export async function chooseRow(
  candidates: readonly PreparedRow[],
  request: GuardRequest,
): Promise<ChosenRow> {
  const { db, entity, stored, actor, now } = request;
  const params = {
    record: stored,
    old: stored,
    user: userRecord(actor),
    now,
    input: request.input,
  };
  const batch = new ConditionBatch();
  const sqlParts = candidates.map((row) => guardHolds(row, params, batch));
  await batch.run(db);
  let first: ExpressionBindings | undefined;
  for (const [i, row] of candidates.entries()) {
    if (!sqlParts[i]!()) continue;
    const loaded = await loadBindings(db, row.loading, entity, stored, actor, now);
    const bindings = merged(loaded, { input: request.input });
    if (jsConditionsHold(row.guard, bindings)) return { row, bindings };
    if (i === 0) first = bindings;
  }
  const { settings, catalogue } = request;
  const refusal = first && settings && inputRefusal(candidates[0]!, first, catalogue, settings);
  if (refusal) throw refusal;
  const code = candidates[0]!.error;
  throw new AppError(code, request.catalogue.resolve(code).message);
}
