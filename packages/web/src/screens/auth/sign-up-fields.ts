import {
  payloadFields,
  signUpDeclaredFields,
  type ApiCall,
  type AppModel,
  type Field,
} from '@specrun/model';
import { entityOf, fieldOf } from '../../model/entities.js';

/**
 * The User's own fields a person signing up gives besides name, email and password: those the
 * spec declares that a caller may set, and that a declared sign-up call can carry.
 */
export function signUpExtraFields(model: AppModel, call: ApiCall | undefined): Field[] {
  const carried = payloadFields(call?.payload);
  return signUpDeclaredFields(model).filter((f) => !carried || carried.has(f.name));
}

/** The roles people may choose when signing up, and the one they get anyway. */
export function signUpRoles(model: AppModel) {
  return {
    given: model.roles.find((r) => r.signUp === 'default'),
    choosable: model.roles.filter((r) => r.signUp === 'yes'),
  };
}

/**
 * The User's built-in fields a person signing up gives: name and email, with their checks; the
 * name only when a declared sign-up call carries it (the email always travels).
 */
export function signUpOwnFields(model: AppModel, call?: ApiCall): Field[] {
  const user = entityOf(model, 'User');
  const carried = payloadFields(call?.payload);
  return ['name', 'email']
    .filter((name) => name === 'email' || !carried || carried.has(name))
    .map((name) => (user ? fieldOf(user, name) : undefined))
    .filter((f): f is Field => f !== undefined);
}
