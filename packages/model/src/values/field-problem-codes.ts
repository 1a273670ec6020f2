import type { Catalogue } from '../catalogue/catalogue.js';
import { fieldLabel, fieldProblemMessage } from '../words/names-in-words.js';

/**
 * The reasons of field problems that have an item code of their own (section 8 may reword each
 * kind: `| REQUIRED | 422 | | can't be blank |`); every other field problem is VALIDATION_FAILED.
 */

/** The reason of a required field left blank or missing. */
export const REQUIRED_REASON = 'is required';

const TAKEN_PREFIX = 'is already used by another ';

/** The reason of a unique value another record already has: "is already used by another user". */
export const takenReason = (entityWords: string): string => `${TAKEN_PREFIX}${entityWords}`;

/** A field problem's item code, with the words of the entity a clash is with. */
export type FieldProblemCode =
  { code: 'REQUIRED' } | { code: 'ALREADY_TAKEN'; entity: string } | { code: 'VALIDATION_FAILED' };

/** The item code of a field problem, from its reason. */
export function fieldProblemCode(reason: string): FieldProblemCode {
  if (reason === REQUIRED_REASON) return { code: 'REQUIRED' };
  if (reason.startsWith(TAKEN_PREFIX))
    return { code: 'ALREADY_TAKEN', entity: reason.slice(TAKEN_PREFIX.length) };
  return { code: 'VALIDATION_FAILED' };
}

/** One field's problem as the server lists it and a form shows it: its item code and words. */
export interface FieldProblem {
  code: FieldProblemCode['code'];
  message: string;
}

/**
 * A field problem in words: REQUIRED and ALREADY_TAKEN in their catalogue rows' words (`{field}`
 * the field's label, `{entity}` the other record's kind), so that section 8 may reword each kind;
 * any other problem says what is wrong after the field's label ("Weight kg must be at least 0.").
 */
export function fieldProblem(catalogue: Catalogue, field: string, reason: string): FieldProblem {
  const kind = fieldProblemCode(reason);
  if (kind.code === 'VALIDATION_FAILED')
    return { code: kind.code, message: fieldProblemMessage(field, reason) };
  const params: Record<string, string> = { field: fieldLabel(field) };
  if (kind.code === 'ALREADY_TAKEN') params.entity = kind.entity;
  return { code: kind.code, message: catalogue.resolve(kind.code, params).message };
}
