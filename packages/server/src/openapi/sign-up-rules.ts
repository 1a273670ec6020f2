import type { AppModel } from '@specrun/model';

/** Who may sign up, in words (section 6, "Roles" and "The first account"). */
export function signUpRules(model: AppModel): string {
  const permissions = model.sections.find((s) => s.key === 'permissions');
  if (permissions?.status !== 'specified')
    return 'Only the very first account may be created this way, and it becomes `admin`; after that, sign-up is closed (`FORBIDDEN`).';
  const given = model.roles.find((r) => r.signUp === 'default');
  const chosen = model.roles.filter((r) => r.signUp === 'yes').map((r) => `\`${r.name}\``);
  if (!given && chosen.length === 0)
    return 'Sign-up is closed (`FORBIDDEN`): accounts are created by a user allowed to create User.';
  const parts = [];
  if (given) parts.push(`New accounts get the \`${given.name}\` role`);
  if (chosen.length > 0)
    parts.push(
      `${given ? 'plus' : 'New accounts choose at least one of'} the roles chosen among ${chosen.join(', ')}`,
    );
  return `${parts.join(', ')}.`;
}
