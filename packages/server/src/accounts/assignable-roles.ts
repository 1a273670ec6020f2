import { didYouMean, type AppModel } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';

const BUILT_IN = new Set(['anyone', 'signed-in']);

/**
 * Checks roles given to an account by hand (`specrun users`): each must be declared in section 6.
 * `anyone` and `signed-in` are built in — every caller, every user — and are never given.
 */
export function checkAssignableRoles(model: AppModel, roles: readonly string[]): string[] {
  const declared = model.roles.map((r) => r.name);
  if (roles.length === 0)
    throw new AppError('BAD_REQUEST', `Give at least one role: ${declared.join(', ')}.`);
  for (const role of roles) {
    if (BUILT_IN.has(role))
      throw new AppError(
        'BAD_REQUEST',
        `\`${role}\` is built in and cannot be given: every ${role === 'anyone' ? 'caller' : 'user'} has it. Roles: ${declared.join(', ')}.`,
      );
    if (!declared.includes(role)) {
      const hint = didYouMean(role, declared);
      throw new AppError(
        'BAD_REQUEST',
        `Unknown role \`${role}\`${hint ? ` (${hint})` : ''}. Roles: ${declared.join(', ')}.`,
      );
    }
  }
  return [...new Set(roles)];
}
