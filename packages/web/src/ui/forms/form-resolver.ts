import { checkSettingsAt, passwordProblem, type Field } from '@specrun/model';
import type { AppSetup } from '../../app/app-context.js';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { isBlank, type FormValue } from '../inputs/form-values.js';
import { fieldProblemMessage, refusedFields, valueChecks } from '../../model/value-checks.js';
import { PASSWORD_FIELD } from './form-fields.js';
import { formPayload } from './form-payload.js';

type Values = Record<string, FormValue>;

/**
 * The form's validation: the values as they would be sent, checked by the server's own checks
 * (@specrun/model), each refused field with the message the server would give it. A new
 * account's password is checked by the server's password rules, with their message.
 */
export function recordResolver(
  { model, catalogue, limits }: Pick<AppSetup, 'model' | 'catalogue' | 'limits'>,
  fields: readonly Field[],
  initial: Values,
  action: 'create' | 'update',
  timeZone: string,
): Resolver<Values> {
  const own = fields.filter((f) => f !== PASSWORD_FIELD);
  const checks = valueChecks(model, own);
  const minLength = limits.minPasswordLength;
  return (values) => {
    const payload = formPayload(own, values, initial, action, timeZone);
    const errors: FieldErrors<Values> = {};
    for (const name of refusedFields(
      checks,
      payload.fields,
      payload.checked,
      checkSettingsAt(model, Date.now()),
    ))
      errors[name] = { type: 'validate', message: fieldProblemMessage(catalogue, name) };
    if (fields.includes(PASSWORD_FIELD)) {
      const password = values[PASSWORD_FIELD.name] ?? null;
      const problem = passwordProblem(isBlank(password) ? undefined : password, minLength);
      if (problem) errors[PASSWORD_FIELD.name] = { type: 'validate', message: problem };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
