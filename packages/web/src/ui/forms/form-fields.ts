import {
  isSettable,
  payloadFields,
  type AppModel,
  type Entity,
  type Field,
  type ApiCall,
} from '@specrun/model';
import { writableFields } from '../../model/access.js';
import { declaredFields } from '../../model/entities.js';
import type { AppScreen } from '../../model/screens.js';

/** The password a new account is created with: not a field of User, sent beside its fields. */
export const PASSWORD_FIELD: Field = {
  name: 'password',
  type: { kind: 'text' },
  required: true,
  rules: [],
  builtin: false,
};

/** A new password on the account screen (`update me`): left empty, the password stays. */
export const NEW_PASSWORD_FIELD: Field = {
  ...PASSWORD_FIELD,
  required: false,
  description: 'Left empty, your password stays as it is.',
};

/** Whether a form field is a password, typed unseen. */
export const isPasswordField = (field: Field) =>
  field === PASSWORD_FIELD || field === NEW_PASSWORD_FIELD;

/**
 * The fields a form lets this caller set: the screen's fields (all settable ones on a derived
 * form, or on a form in place that no screen names), less those section 6 does not let them set
 * and, on a declared call, those its payload cannot carry. A form for new accounts also asks for
 * their password.
 */
export function formFields(
  model: AppModel,
  entity: Entity,
  screen: Pick<AppScreen, 'fields'>,
  roles: readonly string[],
  action: 'create' | 'update',
  call: ApiCall | undefined,
): Field[] {
  const writable = writableFields(model, roles, entity, action);
  const carried = payloadFields(call?.payload);
  const named = screen.fields?.length
    ? screen.fields
        .map((n) => entity.fields.find((f) => f.name === n))
        .filter((f): f is Field => f !== undefined)
    : declaredFields(entity).filter(isSettable);
  const fields = named.filter((f) => writable.has(f.name) && (!carried || carried.has(f.name)));
  if (entity.name === 'User' && action === 'create' && (!carried || carried.has('password')))
    fields.push(PASSWORD_FIELD);
  return fields;
}

/** The fields of the screen this caller may not set: the form says why they are missing. */
export function hiddenFields(entity: Entity, screen: AppScreen, shown: readonly Field[]): string[] {
  const names = new Set(shown.map((f) => f.name));
  return (screen.fields ?? []).filter(
    (n) => !names.has(n) && entity.fields.some((f) => f.name === n),
  );
}
