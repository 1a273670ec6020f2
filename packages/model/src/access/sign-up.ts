import type { AppModel } from '../app-model.js';
import type { Field } from '../entity.js';
import { isSettable } from './field-sets.js';

/**
 * Who may sign up (docs/spec-language.md, section 6 "Roles" and "The first account"):
 * - `first-account`: section 6 is not specified; only the very first account, which gets `role`;
 * - `open`: every new account gets `defaultRole` (if any) plus the `choosable` roles it picks;
 * - `closed`: no role is `default` or `yes`; accounts are made by staff or `specrun users add`.
 */
export type SignUpMode =
  | { kind: 'first-account'; role: string }
  | { kind: 'open'; defaultRole?: string; choosable: readonly string[] }
  | { kind: 'closed' };

/** The role the language's default section 6 gives the first account. */
export const FIRST_ACCOUNT_ROLE = 'admin';

/** Reads the sign-up rules from the model: the server enforces them, the web app offers them. */
export function signUpMode(model: AppModel): SignUpMode {
  const permissions = model.sections.find((s) => s.key === 'permissions');
  if (permissions?.status !== 'specified')
    return { kind: 'first-account', role: FIRST_ACCOUNT_ROLE };
  const defaultRole = model.roles.find((r) => r.signUp === 'default')?.name;
  const choosable = model.roles.filter((r) => r.signUp === 'yes').map((r) => r.name);
  if (defaultRole === undefined && choosable.length === 0) return { kind: 'closed' };
  return defaultRole === undefined
    ? { kind: 'open', choosable }
    : { kind: 'open', defaultRole, choosable };
}

/** Whether people signing up choose roles, so that `roles` is a field of the sign-up payload. */
export function choosesRoles(mode: SignUpMode): boolean {
  return mode.kind === 'open' && mode.choosable.length > 0;
}

/**
 * The User's own declared fields a person signing up may give besides email, name and password:
 * those a caller could ever set (see isSettable).
 */
export function signUpDeclaredFields(model: AppModel): Field[] {
  const user = model.entities.find((e) => e.name === 'User');
  return (user?.fields ?? []).filter((f) => !f.builtin && isSettable(f));
}
