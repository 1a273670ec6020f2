import type { AppModel } from '@specrun/model';
import { choosesRoles, type SignUpMode } from './sign-up-mode.js';

/**
 * The fields of User a person signing up gives: email, name, the User's own declared fields that a
 * caller may set (not read-only nor computed), and `roles` when sign-up offers roles to choose.
 * The password travels beside them and is never a field.
 */
export function signUpFields(model: AppModel, mode: SignUpMode): ReadonlySet<string> {
  const user = model.entities.find((e) => e.name === 'User');
  const own = (user?.fields ?? []).filter(
    (f) =>
      !f.builtin &&
      f.type.kind !== 'state' &&
      !f.rules.some((r) => r.kind === 'readOnly' || r.kind === 'computed'),
  );
  const fields = ['email', 'name', ...own.map((f) => f.name)];
  if (choosesRoles(mode)) fields.push('roles');
  return new Set(fields);
}
