import type { AppModel } from '../app-model.js';

/**
 * The field a user is shown by when their name may be empty (User redeclares `name` as not
 * required): the User's first declared unique text field (`username`), else their email.
 */
function labelFieldOf(model: AppModel): string {
  const user = model.entities.find((e) => e.name === 'User');
  const unique = user?.fields.find(
    (f) => !f.builtin && f.type.kind === 'text' && f.rules.some((r) => r.kind === 'unique'),
  );
  return unique?.name ?? 'email';
}

/**
 * How a user is shown: their name, or when it is empty the field labelFieldOf names. One
 * decision for every screen that shows a person (the menu, who did what, references).
 */
export function userLabel(model: AppModel, user: Record<string, unknown>): string {
  if (typeof user.name === 'string' && user.name.trim() !== '') return user.name;
  const other = user[labelFieldOf(model)];
  if (typeof other === 'string' && other.trim() !== '') return other;
  return typeof user.email === 'string' ? user.email : '';
}
