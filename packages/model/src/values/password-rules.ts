import type { AppModel } from '../app-model.js';
import { engineLimits } from '../limits/engine-limits.js';

/**
 * The shortest password accepted unless section 9 sets MIN_PASSWORD_LENGTH: NIST SP 800-63B
 * (revision 4) asks 15 characters of a password that is the only factor, as it is here.
 */
export const MIN_PASSWORD_LENGTH = 15;
/** The longest: beyond it hashing would only cost time. */
export const MAX_PASSWORD_LENGTH = 200;

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
