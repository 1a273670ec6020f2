import type { PreparedApp } from '../app/prepared-app.js';
import { userRecord } from '../callers/user-record.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { assignedValue } from './apply-sets.js';
import { loadReferences } from './load-references.js';
import type { PreparedEffect } from './prepare-effects.js';

/** The transition (or create) an effect follows: the record after it and before it, the payload. */
export interface EffectCause {
  entity: string;
  action: string;
  record: WireRecord;
  /** The record before the transition; null after a create. */
  old: WireRecord | null;
  input: Record<string, unknown>;
}

/** A record of the query's entity that an effect found, by the name its query gave it. */
export interface Candidate {
  name: string;
  entity: string;
  record: WireRecord;
}

/**
 * The values an effect's assignments give `into`'s fields, worked out in JavaScript from the
 * record after the transition, `old`, the caller and the candidate, with the references they
 * read through loaded. A value that cannot be worked out is empty, as in Sets.
 */
export async function effectValues(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  prepared: PreparedEffect,
  cause: EffectCause,
  into: PreparedEntity,
  candidate?: Candidate,
): Promise<WireRecord> {
  if (prepared.assignments.length === 0) return {};
  const load = async (entity: string, record: WireRecord | null) =>
    record ? (await loadReferences(db, prepared.loading, entity, [record], ctx))[0]! : null;
  const user = userRecord(ctx.actor);
  const values: Record<string, unknown> = {
    record: await load(cause.entity, cause.record),
    old: await load(cause.entity, cause.old),
    user: await load('User', user),
    input: cause.input,
    now: ctx.now,
  };
  if (candidate) values[candidate.name] = await load(candidate.entity, candidate.record);
  const out: WireRecord = {};
  for (const { field, evaluate } of prepared.assignments) {
    const reference = into.fields.get(field)?.field.type.kind === 'reference';
    out[field] = assignedValue(() => evaluate(values), reference);
  }
  return out;
}

/** What an entry an effect writes in a record's history gives as its input: what caused it. */
export const causeEntry = (cause: EffectCause) => ({ cause: `${cause.entity}.${cause.action}` });
