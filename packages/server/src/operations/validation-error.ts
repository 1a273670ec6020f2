import { AppError, type ErrorItem } from '../errors/app-error.js';
import type { Catalogue } from '../errors/catalogue.js';
import type { PreparedRule } from './compile-rules.js';

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
  const params: Record<string, string> = only?.field === undefined ? {} : { field: only.field };
  return new AppError(code, catalogue.resolve(code, params).message, params, errors);
}
