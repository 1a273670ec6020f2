import type { Db } from '../store/db-type.js';
import { appendHistory } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import { fieldChanges } from './field-changes.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';

/** A record before and after an update, and what its history entry says of the cause. */
export interface RecordedUpdate {
  stored: WireRecord;
  updated: WireRecord;
  /** The fields the update wrote. */
  written: Iterable<string>;
  /** The entry's input: null for a person's update, the cause for an effect's. */
  cause: unknown;
}

/**
 * Writes an `update` entry to the record's history, in the caller's transaction: who, when, and
 * each field that changed with its value before and after (see fieldChanges). An update that
 * changed nothing people give values to leaves no entry.
 */
export async function recordUpdate(
  db: Db,
  prepared: PreparedEntity,
  update: RecordedUpdate,
  ctx: OperationContext,
): Promise<void> {
  const { stored, updated, written, cause } = update;
  const changes = fieldChanges(prepared, stored, updated, written);
  if (changes.length === 0) return;
  const state = prepared.state ? (stored[prepared.state.field] as string) : null;
  await appendHistory(db, prepared.table, {
    recordId: stored.id as string,
    action: 'update',
    fromState: state,
    toState: state,
    input: cause,
    changes,
    byUser: ctx.actor?.id ?? null,
    at: ctx.now,
  });
}
