import type { AppModel } from './app-model.js';
import { accountManagerRoles } from './access/account-managers.js';
import { ANYONE, SIGNED_IN } from './access/caller-roles.js';
import { apiCalls, findCall } from './calls/api-calls.js';
import type { ScreenKind } from './screens.js';

/** A screen the web app adds itself, at its default route, when section 2 has none of its kind. */
export interface EngineScreen {
  kind: ScreenKind;
  route: string;
  name: string;
  who: string[];
}

/** The account screens: people must always be able to sign in. */
export const ENGINE_SCREENS: readonly EngineScreen[] = [
  { kind: 'sign-in', route: '/sign-in', name: 'Sign in', who: [ANYONE] },
  { kind: 'sign-up', route: '/sign-up', name: 'Create an account', who: [ANYONE] },
  { kind: 'account', route: '/account', name: 'My account', who: [SIGNED_IN] },
];

/** The specification's own screen, added when section 2 is unspecified. */
export const SPEC_SCREEN: EngineScreen = {
  kind: 'spec',
  route: '/spec',
  name: 'Specification',
  who: [ANYONE],
};

/**
 * The application's users, for the roles that manage accounts (accountManagerRoles): added when
 * section 2 has no `users` screen, some role manages accounts and the API lists users. Undefined
 * when nobody could use it.
 */
export function usersScreen(model: AppModel): EngineScreen | undefined {
  const who = accountManagerRoles(model);
  if (who.length === 0 || !findCall(apiCalls(model), 'list', 'User')) return undefined;
  return { kind: 'users', route: '/users', name: 'Users', who };
}

/**
 * Every route the web app may show a screen at: section 2's (or those derived from section 3)
 * and the engine's own. A route here may still show the app's friendly 404 (a sign-up nobody may
 * use): the server only needs to know which paths are the app's to answer.
 */
export function screenRoutes(model: AppModel): string[] {
  const users = usersScreen(model);
  const engine = [...ENGINE_SCREENS, SPEC_SCREEN, ...(users ? [users] : [])];
  const routes = [...model.screens, ...engine].map((s) => s.route);
  return [...new Set(routes)];
}
