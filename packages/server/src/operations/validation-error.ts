import { fieldParams, type Catalogue } from '@specrun/model';
import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import type { PreparedRule } from '../rules/compile-rules.js';

/**
 * The answer to a save with problems, or undefined when there are none. One failing rule and
 * nothing else answers with the rule's own code; otherwise VALIDATION_FAILED lists every problem,
 * field checks first, each with its code, field and catalogue message.
 */
export function validationError(
  catalogue: Catalogue,
  fields: Iterable<string>,
  rules: readonly PreparedRule[],
): AppError | undefined {
  const item = (code: string, field?: string): ErrorItem => {
    const message = catalogue.resolve(code, field === undefined ? {} : { field }).message;
    return field === undefined ? { code, message } : { field, code, message };
  };
  const errors = [
    ...[...fields].map((field) => item('VALIDATION_FAILED', field)),
    ...rules.map((rule) => item(rule.error, rule.field)),
  ];
  if (errors.length === 0) return undefined;
  const only = errors.length === 1 && rules.length === 1 ? rules[0] : undefined;
  const code = only ? only.error : 'VALIDATION_FAILED';
  // A catalogue message may name {field}: with several problems it names every field concerned.
  const named = only ? [only.field] : [...new Set(errors.map((e) => e.field))];
  const params = fieldParams(named.filter((f): f is string => f !== undefined));
  return new AppError(code, catalogue.resolve(code, params).message, params, errors);
}
