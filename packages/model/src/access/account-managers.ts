import type { AppModel } from '../app-model.js';
import { selectedFields, settableFields } from './field-sets.js';
import { matchingRows } from './matching-rows.js';

/**
 * The declared roles that manage accounts: those a row of section 6 lets update the `roles` of
 * User (whatever its condition, which the server judges per account). They may also deactivate
 * and reactivate the accounts whose roles they may change, and the web app offers them its users
 * screen. `anyone` and `signed-in` never manage accounts: a row giving them `roles` is the
 * self-role-change that `specrun check` warns about.
 */
export function accountManagerRoles(model: Pick<AppModel, 'roles' | 'permissions' | 'entities'>) {
  const user = model.entities.find((e) => e.name === 'User');
  if (!user) return [];
  const settable = settableFields(user);
  return model.roles
    .map((role) => role.name)
    .filter((role) =>
      matchingRows(model.permissions, [role], 'User', 'update').some(
        (row) => row.allowed.kind !== 'no' && selectedFields(row.fields, settable).has('roles'),
      ),
    );
}
