import { createHash } from 'node:crypto';
import type { WireRecord } from '../store/record-codec.js';
import type { CountedEntities } from './counted-entities.js';
import type { CountPin } from './count-pins.js';

/** One advisory lock of a turn: a 64-bit key, taken shared or alone. */
export interface TurnKey {
  /** The key as a decimal bigint. */
  id: string;
  shared: boolean;
}

/** The values a count's pin is read from. */
export interface PinValues {
  record?: WireRecord | null;
  old?: WireRecord | null;
  user: WireRecord | null;
}

/** What a write counts (its decisions' pins) and writes (rows of its entity, before and after). */
export interface TurnOf {
  entity: string;
  pins: readonly CountPin[];
  values: PinValues;
  rows: readonly WireRecord[];
  /** The write may change a pinned field to a value not known before it decides. */
  movesPins?: boolean;
}

const PREFIX = 'specrun:counting:';
const tableKey = (entity: string) => `${PREFIX}${entity}`;
const valueKey = (entity: string, field: string, value: unknown) =>
  `${PREFIX}${entity}.${field}=${JSON.stringify(value ?? null)}`;

function keyId(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * The locks a write takes before it decides on a count, so that no two such decisions miss each
 * other's writes (see countingTransaction). A count pinned on `customer == user.id` takes that
 * customer's key alone; the rows the write stores take the keys of the values they hold (before
 * and after), shared: a count of those values waits for the write, while writes that only store
 * rows there do not wait for each other. A write that decides on no count takes no key: it
 * decides nothing another write could invalidate, and it comes after every count that did not
 * see it. Each key's entity is held shared too, which a count pinned on nothing (or a write
 * moving records to values it cannot know yet) takes alone. Answers the keys in ascending
 * order, the order every write takes them in, so that no two writes wait on each other.
 */
export function turnKeys(counted: CountedEntities, turn: TurnOf): TurnKey[] {
  if (turn.pins.length === 0) return [];
  const names = new Map<string, boolean>();
  const add = (name: string, shared: boolean) => {
    if (names.get(name) !== false) names.set(name, shared);
  };
  for (const { counted: entity, pinned } of turn.pins) {
    if (!pinned) {
      add(tableKey(entity), false);
      continue;
    }
    add(tableKey(entity), true);
    const source = turn.values[pinned.from.root];
    add(valueKey(entity, pinned.field, source?.[pinned.from.field]), false);
  }
  const mine = counted.get(turn.entity);
  if (mine && turn.rows.length > 0) {
    const whole = mine.whole || turn.movesPins === true;
    add(tableKey(turn.entity), !whole);
    if (!whole)
      for (const row of turn.rows)
        for (const field of mine.fields) add(valueKey(turn.entity, field, row[field]), true);
  }
  const ids = new Map<bigint, boolean>();
  for (const [name, shared] of names) {
    const id = keyId(name);
    ids.set(id, (ids.get(id) ?? true) && shared);
  }
  return [...ids]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, shared]) => ({ id: String(id), shared }));
}
