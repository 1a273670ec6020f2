import { userRecord } from '../callers/user-record.js';
import type { LocalReading } from '../permissions/policy.js';
import type { OperationContext } from '../operations/operation-context.js';
import { unreadable } from '../operations/refusal.js';
import { readNow } from '../store/fast-reads.js';
import { picker } from '../store/object-shapes.js';
import type { WireRecord } from '../store/record-codec.js';
import type { ApiContext, EntityApi } from './api-context.js';

/**
 * Stored records answered as the caller sees them, in place: the fields section 6 shows and the
 * actions the caller may take, decided without a query or a turn of the event loop. The same
 * answers as visibleRecords followed by withActions (a test holds them to it), for the common
 * case where every decision reads only the record, the user and the clock.
 */
export interface LocalAnswers {
  canRead(record: WireRecord): boolean;
  /**
   * One record answered, `delete` left out if other records refer to it; undefined when the
   * store cannot tell at once (a transaction holds it), and the record is answered otherwise.
   */
  answerNow(record: WireRecord): WireRecord | undefined;
  /** A page answered, `delete` left out where other records refer to the record (one statement). */
  answerPage(records: readonly WireRecord[]): Promise<WireRecord[]>;
}

/**
 * The caller's LocalAnswers for an entity, or undefined when some decision needs the database
 * (a condition that follows a reference or counts), a list field must be read, a field is
 * computed, or the policy cannot decide in place.
 */
export function localAnswers(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
): LocalAnswers | undefined {
  if (!target.answersInPlace) return undefined;
  const reading = api.policy.localReading?.(ctx.actor, target.entity.name);
  if (!reading) return undefined;
  const actions = target.lifecycle.localActions(ctx.actor);
  if (!actions) return undefined;
  const user = userRecord(ctx.actor);
  const { now } = ctx;
  const pick = pickerOf(target, reading);
  const answer = (record: WireRecord) => {
    const out = pick(record);
    out.actions = actions(record, user, now, reading);
    return out;
  };
  return {
    canRead: (record) => reading.canRead(record, user, now),
    answerNow(record) {
      const answered = answer(record);
      return target.lifecycle.withdrawDeleteInUseNow(answered) ? answered : undefined;
    },
    async answerPage(records) {
      const answered = records.map(answer);
      await target.lifecycle.withdrawDeletesInUse(answered);
      return answered;
    },
  };
}

// The fields shown, as the operations order them (the stored record's, `id` first), picked by a
// function made once per reading: see object-shapes.ts.
const pickers = new WeakMap<LocalReading, (record: WireRecord) => WireRecord>();

function pickerOf(target: EntityApi, reading: LocalReading) {
  let pick = pickers.get(reading);
  if (!pick) {
    const columns = target.table.columns.map((c) => c.name).filter((n) => n !== 'id');
    pick = picker(['id', ...columns.filter((n) => reading.fields.has(n))]);
    pickers.set(reading, pick);
  }
  return pick;
}

/**
 * One record answered in place (see LocalAnswers), read at once when no transaction holds the
 * database; undefined when that cannot be done, and the operations answer instead. A record that
 * does not exist or that the caller may not read is refused as getRecord refuses it.
 */
export function answerInPlace(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  id: string,
): WireRecord | undefined {
  const answers = localAnswers(api, target, ctx);
  if (!answers) return undefined;
  const rows = readNow(api.store.db, target.table.selectById, [id], true);
  if (!rows) return undefined;
  const stored = rows[0] && target.table.decode(rows[0]);
  if (!stored || !answers.canRead(stored))
    throw unreadable(api.policy, ctx.actor, target.entity.name, id);
  return answers.answerNow(stored);
}

/**
 * A record this request has just written and committed, answered in place (see LocalAnswers)
 * when the caller may read it; undefined when that cannot be done, and the operations show it
 * instead (showWritten, then its actions).
 */
export function writtenInPlace(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  stored: WireRecord,
): WireRecord | undefined {
  const answers = localAnswers(api, target, ctx);
  if (!answers || !answers.canRead(stored)) return undefined;
  return answers.answerNow(stored);
}
