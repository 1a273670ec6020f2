import { userRecord } from '../callers/user-record.js';
import type { Actor } from '../callers/actor.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { loadReferences, type ReferenceLoading } from './load-references.js';
import { type PreparedGuard } from './prepare-guard.js';

/** What When and Sets see: the record before the transition (also `old`), the user, the input. */
export interface ExpressionBindings {
  record: WireRecord;
  user: WireRecord | null;
  /** Absent when listing the actions a caller may take: the parts reading it are assumed. */
  input?: Record<string, unknown>;
  now: Date;
}

/** The bindings with the references the row's expressions follow loaded from the database. */
export async function loadBindings(
  db: Db,
  loading: ReferenceLoading,
  entity: string,
  record: WireRecord,
  actor: Actor | null,
  now: Date,
): Promise<ExpressionBindings> {
  const user = userRecord(actor);
  if (loading.follows.size === 0) return { record, user, now };
  const ctx = { actor, now };
  const [loaded] = await loadReferences(db, loading, entity, [record], ctx);
  const [loadedUser] = user ? await loadReferences(db, loading, 'User', [user], ctx) : [null];
  return { record: loaded!, user: loadedUser ?? null, now };
}

/**
 * loadBindings for a page of records at once: the references followed are read in one query per
 * field and level, whatever the number of records. By record id.
 */
export async function loadPageBindings(
  db: Db,
  loading: ReferenceLoading,
  entity: string,
  records: WireRecord[],
  actor: Actor | null,
  now: Date,
): Promise<Map<string, ExpressionBindings>> {
  const user = userRecord(actor);
  const ctx = { actor, now };
  const loaded = await loadReferences(db, loading, entity, records, ctx);
  const [loadedUser] = user ? await loadReferences(db, loading, 'User', [user], ctx) : [null];
  return new Map(
    loaded.map((record) => [record.id as string, { record, user: loadedUser ?? null, now }]),
  );
}

/** The values evaluate() is given for the bindings. */
export function evaluationValues(b: ExpressionBindings): Record<string, unknown> {
  return { record: b.record, old: b.record, user: b.user, input: b.input ?? {}, now: b.now };
}

/**
 * Whether the guard's JavaScript parts hold. A part that cannot be evaluated (an empty reference
 * followed, no user) does not hold. Without an input, the parts that read it are not asked.
 */
export function jsConditionsHold(guard: PreparedGuard, bindings: ExpressionBindings): boolean {
  const values = evaluationValues(bindings);
  return guard.js.every((c) => {
    if (c.readsInput && bindings.input === undefined) return true;
    try {
      return c.evaluate(values) === true;
    } catch {
      return false;
    }
  });
}
