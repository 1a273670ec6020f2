import { userRecord } from '../callers/user-record.js';
import type { Actor } from '../callers/actor.js';
import { turnKeys, type TurnKey } from '../rules/turn-keys.js';
import type { WireRecord } from '../store/record-codec.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import type { PreparedRow } from './prepared-lifecycle.js';

/**
 * The keys of a transition's turn: none unless a candidate row's guard counts; then those counts,
 * and the record it moves. A move can change a pinned field (the state, a Set, a computed field)
 * to a value known only once a row is chosen: then the transition waits for every count of its
 * entity.
 */
export function transitionTurn(
  setup: LifecycleSetup,
  candidates: readonly PreparedRow[],
  stored: WireRecord,
  actor: Actor | null,
): TurnKey[] {
  const pins = candidates.flatMap((r) => r.guard.pins);
  if (pins.length === 0) return [];
  const { prepared, lifecycle, app } = setup;
  const entity = prepared.entity.name;
  const pinned = app.counted.get(entity)?.fields ?? new Set<string>();
  const changes = (row: PreparedRow) => [
    lifecycle!.field,
    ...row.transition.sets.map((a) => a.field),
    ...prepared.computed.map((p) => p.field.name),
  ];
  return turnKeys(app.counted, {
    entity,
    pins,
    values: { record: stored, old: stored, user: userRecord(actor) },
    rows: [stored],
    movesPins: candidates.some((row) => changes(row).some((f) => pinned.has(f))),
  });
}
