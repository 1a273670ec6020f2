import { choosesRoles, signUpDeclaredFields, type AppModel, type SignUpMode } from '@specrun/model';

/**
 * The fields of User a person signing up gives: email, name, the User's own declared fields that a
 * caller may set (not read-only nor computed), and `roles` when sign-up offers roles to choose.
 * The password travels beside them and is never a field.
 */
export function signUpFields(model: AppModel, mode: SignUpMode): ReadonlySet<string> {
  const fields = ['email', 'name', ...signUpDeclaredFields(model).map((f) => f.name)];
  if (choosesRoles(mode)) fields.push('roles');
  return new Set(fields);
}
