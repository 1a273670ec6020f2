import type { SignUpMode } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';

const list = (names: readonly string[]) => names.join(', ');

/**
 * The roles a new account gets: the default role plus those chosen. A role that is not open to
 * sign-up is refused (FORBIDDEN): choosing one's own role must not be a way to power.
 */
export function signUpRoles(mode: SignUpMode, chosen: unknown): string[] {
  if (mode.kind === 'closed') throw signUpClosed();
  if (mode.kind === 'first-account') return [mode.role];
  const picked = chosen ?? [];
  if (!Array.isArray(picked) || !picked.every((r) => typeof r === 'string'))
    throw new AppError('VALIDATION_FAILED', 'Give roles as a list of role names.', {}, [
      { field: 'roles', code: 'VALIDATION_FAILED', message: 'Give roles as a list of role names.' },
    ]);
  const refused = picked.filter((r) => !mode.choosable.includes(r));
  if (refused.length > 0) {
    const open =
      mode.choosable.length > 0 ? `choose among: ${list(mode.choosable)}` : 'none can be chosen';
    throw new AppError(
      'FORBIDDEN',
      `Roles that cannot be chosen when signing up: ${list(refused)}; ${open}.`,
    );
  }
  const roles = [...new Set([...(mode.defaultRole ? [mode.defaultRole] : []), ...picked])];
  if (roles.length === 0) {
    const message = `Choose at least one role: ${list(mode.choosable)}.`;
    throw new AppError('VALIDATION_FAILED', message, {}, [
      { field: 'roles', code: 'VALIDATION_FAILED', message },
    ]);
  }
  return roles;
}

/** The answer when nobody may sign up. */
export function signUpClosed(): AppError {
  return new AppError(
    'FORBIDDEN',
    'Sign-up is closed: accounts are created by an administrator (specrun users add).',
  );
}

/** The answer once the first account exists and section 6 is not specified. */
export function firstAccountTaken(): AppError {
  return new AppError(
    'FORBIDDEN',
    'Sign-up is closed: the first account has been created. Its administrator creates the others (specrun users add), or section 6 can open sign-up.',
  );
}
