import { computeFields } from '../operations/compute-fields.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { Db } from '../store/db-type.js';
import { appendHistory } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import { setsChanges } from './apply-sets.js';
import type { ChosenRow } from './choose-row.js';
import { compareAndSet } from './compare-and-set.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

/** The entry a move leaves in the record's history: the action and what it was given. */
export interface MoveEntry {
  action: string;
  input: unknown;
}

/**
 * Section 4's steps 6 and 7, once a row is chosen: the Sets worked out from the record before the
 * move and checked, the state becomes To, computed fields follow, and the change is written as a
 * compare-and-set on version and state with its history entry (by the caller; by nobody for the
 * system). Answers undefined when another transition moved the record first.
 */
export async function moveRecord(
  setup: LifecycleSetup,
  trx: Db,
  ctx: OperationContext,
  stored: WireRecord,
  { row, bindings }: ChosenRow,
  entry: MoveEntry,
): Promise<WireRecord | undefined> {
  const { app, prepared } = setup;
  const field = setup.lifecycle!.field;
  const { now } = ctx;
  const changes = await setsChanges(app, prepared, row.sets, bindings, stored, trx, ctx);
  changes[field] = row.to;
  // Computed fields are stored too, as an update stores them, from the record after the move.
  const after = computeFields(prepared, { ...stored, ...changes }, now);
  for (const p of prepared.fields.values())
    if (p.computed !== undefined) changes[p.field.name] = after[p.field.name];
  const state = stored[field] as string;
  const expected = { id: stored.id as string, version: stored.version as number, field, state };
  const written = await compareAndSet(trx, prepared.table, expected, changes, now);
  if (!written) return undefined;
  await appendHistory(trx, prepared.table, {
    recordId: expected.id,
    action: entry.action,
    fromState: state,
    toState: row.to,
    input: entry.input,
    byUser: ctx.actor?.id ?? null,
    at: now,
  });
  return written;
}
