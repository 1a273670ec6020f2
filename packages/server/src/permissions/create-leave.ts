import type { SqlParams } from '@specrun/expr';
import type { RawBuilder, SqlBool } from 'kysely';
import { known, type Answer, type ConditionBatch } from '../store/condition-batch.js';
import type { ConditionCompiler } from './compiled-conditions.js';
import type { ActionPlan } from './entity-plan.js';

/** A create judged before its form is filled in: what is known of the record, and where to ask. */
export interface CreateQuestion {
  entity: string;
  /** The record as far as it is known: the known fields have their values. */
  params: SqlParams;
  known: ReadonlySet<string>;
  /** Fields the caller will send that a row must give. */
  sent: readonly string[];
  batch: ConditionBatch;
}

const SITE = { where: 'A create a record offers' };

/**
 * Whether some create row of the plan gives every field the caller will send and holds on the
 * record as far as it is known (Policy.askCreate): a `yes` row, or one whose condition has no
 * part to judge yet, answers at once; parts on the record's own values are decided in
 * JavaScript; the others are asked in the batch, joined by OR.
 */
export function createLeave(
  plan: ActionPlan,
  compiler: ConditionCompiler,
  question: CreateQuestion,
): Answer {
  const { entity, params, sent, batch } = question;
  const asked: RawBuilder<SqlBool>[] = [];
  for (const row of plan.rows) {
    if (!sent.every((f) => row.fields.has(f))) continue;
    if (!row.condition) return known(true);
    const part = compiler.partial(row.condition.source, entity, question.known, SITE);
    if (part === 'always') return known(true);
    if (!part.local) asked.push(part.onValues(params));
    else if (part.local(params)) return known(true);
  }
  return batch.ask(asked);
}
