import { isEmpty, passwordProblem } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import type { PreparedModel } from '../app/prepared-app.js';
import { loadCommonPasswords, type CommonPasswords } from './common-passwords.js';
import { isGuessablePassword } from './guessable-password.js';

/** What a new password is checked against: its length, the common list, its context. */
export interface PasswordRules {
  minLength: number;
  common: CommonPasswords;
  /** Words of the application a password must not be (its name). */
  context: readonly string[];
}

/** The password rules of an application: MIN_PASSWORD_LENGTH, the common list, its name. */
export async function passwordRules(app: PreparedModel): Promise<PasswordRules> {
  const common = await loadCommonPasswords();
  return { minLength: app.limits.minPasswordLength, common, context: [app.model.name] };
}

const GUESSABLE =
  'This password is too easy to guess: it is a common or breached one, a word of this account or application, or a repetition. Choose another, such as a few unrelated words.';

/**
 * Refuses a new password that breaks the rules, naming the field it was sent in: too short or
 * long, or guessable (common, breached, repetitive, or a word of `context`: the account's email).
 */
export function checkNewPassword(
  rules: PasswordRules,
  field: string,
  password: unknown,
  context: readonly string[] = [],
): string {
  const problem =
    passwordProblem(password, rules.minLength) ??
    (isGuessablePassword(password as string, rules.common, [...rules.context, ...context])
      ? GUESSABLE
      : undefined);
  if (problem === undefined) return password as string;
  // No password at all is a required field left blank, which section 8 may reword.
  const code = isEmpty(password) ? 'REQUIRED' : 'VALIDATION_FAILED';
  throw new AppError('VALIDATION_FAILED', problem, {}, [{ field, code, message: problem }]);
}
