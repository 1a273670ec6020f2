import { passwordProblem } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';

/** Refuses a new password that breaks the rules, naming the field it was sent in. */
export function checkNewPassword(field: string, password: unknown): string {
  const problem = passwordProblem(password);
  if (problem === undefined) return password as string;
  throw new AppError('VALIDATION_FAILED', problem, {}, [
    { field, code: 'VALIDATION_FAILED', message: problem },
  ]);
}
