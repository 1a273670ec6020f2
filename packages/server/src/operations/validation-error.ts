import {
  fieldLabel,
  fieldParams,
  fieldProblem,
  fieldProblemCode,
  words,
  type Catalogue,
} from '@specrun/model';
import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import type { PreparedRule } from '../rules/compile-rules.js';

/** A field's item: its code and words as the catalogue gives them (fieldProblem). */
const fieldItem = (catalogue: Catalogue, field: string, reason: string): ErrorItem => ({
  field,
  ...fieldProblem(catalogue, field, reason),
});

/**
 * The answer to a save with problems, or undefined when there are none. One failing rule and
 * nothing else answers with the rule's own code; only unique clashes answer ALREADY_TAKEN (409);
 * otherwise VALIDATION_FAILED lists every problem, field checks first. The catalogue message of
 * VALIDATION_FAILED is the answer's detail, its `{field}` naming the fields concerned in words.
 * A rule's item carries its own catalogue code and message.
 */
export function validationError(
  catalogue: Catalogue,
  fields: ReadonlyMap<string, string>,
  rules: readonly PreparedRule[],
): AppError | undefined {
  // Asked after every check of every save and transition, nearly always about nothing.
  if (fields.size === 0 && rules.length === 0) return undefined;
  // A rule's message names its field in words, as people read it: `{field}` of startsAt is "starts at".
  const ruleItem = (code: string, field?: string): ErrorItem => {
    const message = catalogue.resolve(
      code,
      fieldParams(field === undefined ? [] : [words(field)]),
    ).message;
    return field === undefined ? { code, message } : { field, code, message };
  };
  const errors: ErrorItem[] = [
    ...[...fields].map(([field, reason]) => fieldItem(catalogue, field, reason)),
    ...rules.map((rule) => ruleItem(rule.error, rule.field)),
  ];
  if (errors.length === 0) return undefined;
  const only = errors.length === 1 && rules.length === 1 ? rules[0] : undefined;
  if (only) {
    const params = fieldParams(only.field === undefined ? [] : [words(only.field)]);
    return new AppError(only.error, catalogue.resolve(only.error, params).message, params, errors);
  }
  if (errors.every((e) => e.code === 'ALREADY_TAKEN')) return takenError(catalogue, fields);
  // A catalogue message may name {field}: with several problems it names every field concerned.
  const named = [
    ...new Set(errors.flatMap((e) => (e.field === undefined ? [] : [words(e.field)]))),
  ];
  const params = fieldParams(named);
  const detail = catalogue.resolve('VALIDATION_FAILED', params).message;
  return new AppError('VALIDATION_FAILED', detail, params, errors);
}

/**
 * The answer when every problem is a unique value another record has: ALREADY_TAKEN (409), its
 * detail the catalogue message naming the fields ("Email is already used by another user.").
 */
export function takenError(catalogue: Catalogue, fields: ReadonlyMap<string, string>): AppError {
  const errors = [...fields].map(([field, reason]) => fieldItem(catalogue, field, reason));
  const first = fieldProblemCode([...fields.values()][0] ?? '');
  const params = fieldParams([...fields.keys()].map(fieldLabel));
  if (first.code === 'ALREADY_TAKEN') params.entity = first.entity;
  const detail = catalogue.resolve('ALREADY_TAKEN', params).message;
  return new AppError('ALREADY_TAKEN', detail, params, errors);
}
