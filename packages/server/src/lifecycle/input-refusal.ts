import { checkFields, words, type Catalogue, type CheckSettings } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { validationError } from '../operations/validation-error.js';
import { evaluationValues, type ExpressionBindings } from './js-conditions.js';
import type { PreparedRow } from './prepared-lifecycle.js';

/** An input the guard refuses in a way its words cannot tell (`input.code.matches(...)`). */
export const NOT_ACCEPTED_REASON = 'is not accepted for this action';

/**
 * The refusal of a row whose guard failed on the caller's input alone, or undefined when it did
 * not: every part of the When that does not hold reads nothing but `input` (and constants), and
 * the rest held. The refusal then says at which input it is about, so a form shows it there:
 * the row's Error with an item at each such input, in the catalogue's words; with no Error,
 * VALIDATION_FAILED at each input saying what the guard asks of it ("Reason must be at least 5
 * characters.", REQUIRED when left blank), as a field's problem is said.
 */
export function inputRefusal(
  row: PreparedRow,
  bindings: ExpressionBindings,
  catalogue: Catalogue,
  settings: CheckSettings,
): AppError | undefined {
  const values = evaluationValues(bindings);
  const failing = row.guard.js.filter((c) => {
    try {
      return c.evaluate(values) !== true;
    } catch {
      return true;
    }
  });
  if (failing.length === 0 || !failing.every((c) => c.readsOnlyInput)) return undefined;
  const inputs = [...new Set(failing.flatMap((c) => c.inputs))];
  const input = bindings.input ?? {};
  if (row.error !== 'TRANSITION_NOT_ALLOWED') {
    const params: Record<string, string> = inputs.length === 1 ? { field: words(inputs[0]!) } : {};
    const { message } = catalogue.resolve(row.error, params);
    const items = inputs.map((field) => ({ field, code: row.error, message }));
    return new AppError(row.error, message, params, items);
  }
  const problems = new Map<string, string>();
  for (const name of inputs) {
    const check = row.inputChecks.get(name);
    const found = check
      ? checkFields({ fields: new Map([[name, check]]) }, input, [name], settings).problems
      : undefined;
    problems.set(name, found?.get(name) ?? NOT_ACCEPTED_REASON);
  }
  return validationError(catalogue, problems, []);
}
