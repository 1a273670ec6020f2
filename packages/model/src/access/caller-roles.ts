/** Every caller, signed in or not. */
export const ANYONE = 'anyone';
/** Every user with an account. */
export const SIGNED_IN = 'signed-in';

/**
 * The roles a caller acts with: `anyone` always, `signed-in` and their own roles when signed in
 * (`user` is null or undefined for a visitor). The own roles are sorted and unique, so one set of
 * roles always gives the same list; with `declared`, roles the model does not declare are left
 * out (they name no row of section 6, and must not grow a cache of plans).
 */
export function callerRoles(
  user: { roles: readonly string[] } | null | undefined,
  declared?: ReadonlySet<string>,
): string[] {
  if (!user) return [ANYONE];
  const own = [...new Set(user.roles)].filter((role) => !declared || declared.has(role)).sort();
  return [ANYONE, SIGNED_IN, ...own];
}
