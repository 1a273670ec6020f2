import { signUpMode, type AppModel } from '@specrun/model';

/** Who may sign up, in words (section 6, "Roles" and "The first account"). */
export function signUpRules(model: AppModel): string {
  const mode = signUpMode(model);
  if (mode.kind === 'first-account')
    return `Only the very first account may be created this way, and it becomes \`${mode.role}\`; after that, sign-up is closed (\`FORBIDDEN\`).`;
  if (mode.kind === 'closed')
    return 'Sign-up is closed (`FORBIDDEN`): accounts are created by a user allowed to create User.';
  const given = mode.defaultRole;
  const chosen = mode.choosable.map((name) => `\`${name}\``);
  const parts = [];
  if (given) parts.push(`New accounts get the \`${given}\` role`);
  if (chosen.length > 0)
    parts.push(
      `${given ? 'plus' : 'New accounts choose at least one of'} the roles chosen among ${chosen.join(', ')}`,
    );
  return `${parts.join(', ')}.`;
}
