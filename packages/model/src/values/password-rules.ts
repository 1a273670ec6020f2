/** The shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 8;
/** The longest: beyond it hashing would only cost time. */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * What is wrong with a new password, or undefined. Lengths count characters as people see them
 * (code points), not UTF-16 units.
 */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'Give a password as text.';
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    return `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH)
    return `Use a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}
