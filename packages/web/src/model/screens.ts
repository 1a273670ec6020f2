import {
  ANYONE,
  ENGINE_SCREENS,
  SIGNED_IN,
  SPEC_SCREEN,
  signUpMode,
  usersScreen,
  type AppModel,
  type Screen,
  type ScreenKind,
} from '@specrun/model';
import type { SessionUser } from './access.js';

/** A screen the web app serves: one of section 2 (or derived from section 3), or an engine one. */
export interface AppScreen extends Screen {
  /** True for the sign-in, sign-up, account, users and spec screens the engine adds itself. */
  engine?: boolean;
}

const sectionStatus = (model: AppModel, key: string) =>
  model.sections.find((s) => s.key === key)?.status;

/**
 * Whether people can create their own account: section 6 opens sign-up to a `default` or `yes`
 * role, or is unspecified (then only the very first account may be made, which the server
 * decides; the screen says so kindly when it refuses).
 */
export function signUpPossible(model: AppModel): boolean {
  return signUpMode(model).kind !== 'closed';
}

/**
 * Every screen of the app. Section 2's screens (or, when it is unspecified, the home and each
 * entity's screens derived from section 3, plus `/spec`), and the account screens at their
 * default routes when section 2 names none: people must always be able to sign in. Sign-up is
 * left out when nobody can sign up. The derived home only shows the specification, so anyone may
 * open it. The users screen is added for the roles that manage accounts (usersScreen).
 */
export function appScreens(model: AppModel): AppScreen[] {
  const derived = sectionStatus(model, 'screens') !== 'specified';
  const screens: AppScreen[] = model.screens.map((s) =>
    derived && s.kind === 'dashboard' ? { ...s, who: [ANYONE] } : { ...s },
  );
  const taken = new Set(screens.map((s) => s.route));
  const add = (screen: AppScreen) => {
    if (!screens.some((s) => s.kind === screen.kind) && !taken.has(screen.route)) {
      screens.push(screen);
      taken.add(screen.route);
    }
  };
  for (const s of ENGINE_SCREENS) {
    if (s.kind === 'sign-up' && !signUpPossible(model)) continue;
    add({ ...s, derived: true, engine: true });
  }
  if (derived) add({ ...SPEC_SCREEN, derived: true, engine: true });
  const users = usersScreen(model);
  if (users) add({ ...users, derived: true, engine: true });
  return screens.filter((s) => s.kind !== 'sign-up' || signUpPossible(model));
}

/** Whether the screen's Who lets this caller open it (empty Who means anyone). */
export function mayOpen(screen: Screen, user: SessionUser | null | undefined): boolean {
  if (screen.who.length === 0 || screen.who.includes(ANYONE)) return true;
  if (!user) return false;
  return screen.who.includes(SIGNED_IN) || screen.who.some((r) => user.roles.includes(r));
}

/** Whether only signed-in people could open it: a visitor is asked to sign in, not refused. */
export function needsSignIn(screen: Screen): boolean {
  return !(screen.who.length === 0 || screen.who.includes(ANYONE));
}

/** A route with its `:id` filled in. */
export function routeTo(route: string, id?: string): string {
  return id === undefined ? route : route.replace(':id', encodeURIComponent(id));
}

const hasId = (s: Screen) => s.route.includes(':id');

/** The screens about one entity, of one kind, that this caller may open. */
export function screensOf(
  screens: readonly AppScreen[],
  entity: string,
  kind: 'list' | 'detail' | 'form',
  user: SessionUser | null | undefined,
): AppScreen[] {
  return screens.filter((s) => s.entity === entity && s.kind === kind && mayOpen(s, user));
}

/** The form that creates records of the entity (a form whose route has no `:id`). */
export function createFormOf(
  screens: readonly AppScreen[],
  entity: string,
  user: SessionUser | null | undefined,
): AppScreen | undefined {
  return screensOf(screens, entity, 'form', user).find((s) => !hasId(s));
}

/** The forms that edit a record of the entity (routes with `:id`). */
export function editFormsOf(
  screens: readonly AppScreen[],
  entity: string,
  user: SessionUser | null | undefined,
): AppScreen[] {
  return screensOf(screens, entity, 'form', user).filter(hasId);
}

/** The detail screen of the entity this caller may open, if any. */
export function detailOf(
  screens: readonly AppScreen[],
  entity: string,
  user: SessionUser | null | undefined,
): AppScreen | undefined {
  return screensOf(screens, entity, 'detail', user)[0];
}

/** The screen of a kind the app has (sign-in, account...), if any. */
export function screenOfKind(
  screens: readonly AppScreen[],
  kind: ScreenKind,
): AppScreen | undefined {
  return screens.find((s) => s.kind === kind);
}
