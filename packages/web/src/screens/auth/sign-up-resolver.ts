import type { Field } from '@specrun/model';
import type { AppSetup } from '../../app/app-context.js';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FormValue } from '../../ui/inputs/form-values.js';
import { recordResolver } from '../../ui/forms/form-resolver.js';

type Values = Record<string, FormValue>;

/** An email as the server keeps it (and checks it): no surrounding spaces, in lower case. */
export const normalEmail = (value: FormValue | undefined) =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

/**
 * Sign-up's validation, the server's: the User's fields by its field checks (the email as it
 * keeps it), the password by its password rules, and, where no role is given to everyone, at
 * least one role chosen, with the server's words.
 */
export function signUpResolver(
  app: Pick<AppSetup, 'model' | 'catalogue' | 'limits'>,
  fields: readonly Field[],
  initial: Values,
  timeZone: string,
  rolesToChoose: readonly string[] | undefined,
): Resolver<Values> {
  const record = recordResolver(app, fields, initial, 'create', timeZone);
  return async (values, context, options) => {
    const result = await record({ ...values, email: normalEmail(values.email) }, context, options);
    const errors: FieldErrors<Values> = { ...result.errors };
    const roles = values.roles;
    if (rolesToChoose && !(Array.isArray(roles) && roles.length > 0))
      errors.roles = {
        type: 'validate',
        message: `Choose at least one role: ${rolesToChoose.join(', ')}.`,
      };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
