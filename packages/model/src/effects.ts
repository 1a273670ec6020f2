import type { Expression } from './expression.js';
import type { Assignment } from './lifecycle.js';

/** The record an effect changes: one the transitioning record references, or one a query finds. */
export type EffectTarget =
  /** `request`: the record the reference field `request` points to (none when it is empty). */
  | { kind: 'reference'; field: string }
  /**
   * `first Booking b where \`cond\` by b.bookedAt`: the first record of `entity` for which `where`
   * holds (`variable` is the candidate, `record` and `old` the transitioning record), ordered by
   * the candidate's field `by` (then by id); none when nothing matches.
   */
  | {
      kind: 'first';
      entity: string;
      variable: string;
      where: Expression;
      by?: string;
      descending?: boolean;
    };

/**
 * `- After cancel: …`: a change to another record made in the same transaction as the
 * transition `after` names (or as the create, `after: 'create'`): a record created, a record
 * taking one of its own transitions, or fields of a record set.
 */
export type Effect =
  | { kind: 'create'; after: string; entity: string; sets: Assignment[]; line: number }
  | { kind: 'take'; after: string; target: EffectTarget; action: string; line: number }
  | { kind: 'update'; after: string; target: EffectTarget; sets: Assignment[]; line: number };
