import type { AppModel } from '../app-model.js';
import { engineLimits } from '../limits/engine-limits.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-lengths.js';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

/** The shortest password the application accepts: its MIN_PASSWORD_LENGTH, or the default. */
export function minPasswordLength(model: Pick<AppModel, 'constants'>): number {
  return engineLimits(model).minPasswordLength;
}

/**
 * What is wrong with a new password's length, or undefined. Lengths count characters as people
 * see them (code points), not UTF-16 units. The server also refuses common and breached
 * passwords; that list is its own, so that the browser never loads it.
 */
export function passwordProblem(
  password: unknown,
  minLength: number = MIN_PASSWORD_LENGTH,
): string | undefined {
  if (typeof password !== 'string') return 'Give a password as text.';
  const length = [...password].length;
  if (length < minLength) return `Use a password of at least ${minLength} characters.`;
  if (length > MAX_PASSWORD_LENGTH)
    return `Use a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}
