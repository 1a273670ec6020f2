import { fieldParams, fieldProblemMessage, words, type Catalogue } from '@specrun/model';
import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import type { PreparedRule } from '../rules/compile-rules.js';

/**
 * The answer to a save with problems, or undefined when there are none. One failing rule and
 * nothing else answers with the rule's own code; otherwise VALIDATION_FAILED lists every problem,
 * field checks first. A field's item says what is wrong with it after its label ("Weight kg must
 * be at least 0."), whatever the catalogue says of VALIDATION_FAILED: that message is the
 * answer's detail, its `{field}` naming the fields concerned in words. A rule's item carries its
 * own catalogue code and message.
 */
export function validationError(
  catalogue: Catalogue,
  fields: ReadonlyMap<string, string>,
  rules: readonly PreparedRule[],
): AppError | undefined {
  const ruleItem = (code: string, field?: string): ErrorItem => {
    const message = catalogue.resolve(code, field === undefined ? {} : { field }).message;
    return field === undefined ? { code, message } : { field, code, message };
  };
  const errors: ErrorItem[] = [
    ...[...fields].map(([field, reason]) => ({
      field,
      code: 'VALIDATION_FAILED',
      message: fieldProblemMessage(field, reason),
    })),
    ...rules.map((rule) => ruleItem(rule.error, rule.field)),
  ];
  if (errors.length === 0) return undefined;
  const only = errors.length === 1 && rules.length === 1 ? rules[0] : undefined;
  if (only) {
    const params = fieldParams(only.field === undefined ? [] : [only.field]);
    return new AppError(only.error, catalogue.resolve(only.error, params).message, params, errors);
  }
  // A catalogue message may name {field}: with several problems it names every field concerned.
  const named = [
    ...new Set(errors.flatMap((e) => (e.field === undefined ? [] : [words(e.field)]))),
  ];
  const params = fieldParams(named);
  const detail = catalogue.resolve('VALIDATION_FAILED', params).message;
  return new AppError('VALIDATION_FAILED', detail, params, errors);
}
