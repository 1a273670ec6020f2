import type { Actor } from '../callers/actor.js';

/** Every caller, signed in or not. */
export const ANYONE = 'anyone';
/** Every user with an account. */
export const SIGNED_IN = 'signed-in';

/**
 * The roles a caller acts with: `anyone` always, `signed-in` and their own roles when signed in.
 * Roles the model does not declare are left out, so they cannot grow the cache of plans; the own
 * roles are sorted and unique, so one set of roles always gives the same list.
 */
export function callerRoles(actor: Actor | null, declared: ReadonlySet<string>): string[] {
  if (!actor) return [ANYONE];
  const own = [...new Set(actor.roles)].filter((role) => declared.has(role)).sort();
  return [ANYONE, SIGNED_IN, ...own];
}
