import { checkSettingsAt, fieldProblem, passwordProblem, type Field } from '@specrun/model';
import type { AppSetup } from '../../app/app-context.js';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { isBlank, refusedFileProblem, type FormValue } from '../inputs/form-values.js';
import { refusedFields, valueChecks } from '../../model/value-checks.js';
import { isPasswordField, NEW_PASSWORD_FIELD, PASSWORD_FIELD } from './form-fields.js';
import { formPayload } from './form-payload.js';

type Values = Record<string, FormValue>;

/**
 * The form's validation: the values as they would be sent, checked by the server's own checks
 * (@specrun/model), each refused field with the message the server would give it: its label and
 * what is wrong ("Capacity must be at most 500."), or section 8's words for a required field
 * left blank (`REQUIRED`). A new
 * account's password is checked by the server's password rules, with their message. A file chosen
 * that cannot be sent (too large for a request) is refused with what to do about it: the form is
 * not saved without it.
 */
export function recordResolver(
  { model, limits, catalogue }: Pick<AppSetup, 'model' | 'limits' | 'catalogue'>,
  fields: readonly Field[],
  initial: Values,
  action: 'create' | 'update',
  timeZone: string,
): Resolver<Values> {
  const own = fields.filter((f) => !isPasswordField(f));
  const checks = valueChecks(model, own);
  const minLength = limits.minPasswordLength;
  return (values) => {
    const payload = formPayload(own, values, initial, action, timeZone);
    const errors: FieldErrors<Values> = {};
    const settings = checkSettingsAt(model, Date.now());
    const refused = refusedFields(checks, payload.fields, payload.checked, settings);
    for (const [name, reason] of refused)
      errors[name] = { type: 'validate', message: fieldProblem(catalogue, name, reason).message };
    for (const field of own) {
      const unsent = refusedFileProblem(values[field.name]);
      if (unsent) errors[field.name] = { type: 'validate', message: unsent };
    }
    const changed = fields.includes(NEW_PASSWORD_FIELD) && !isBlank(values.password ?? null);
    if (fields.includes(PASSWORD_FIELD) || changed) {
      const password = values[PASSWORD_FIELD.name] ?? null;
      const problem = passwordProblem(isBlank(password) ? undefined : password, minLength);
      if (problem) errors[PASSWORD_FIELD.name] = { type: 'validate', message: problem };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
