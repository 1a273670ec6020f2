import type { AppModel } from '@specrun/model';
import { accessTo, mayRead, type SessionUser } from './access.js';
import { mayOpen, screensOf, type AppScreen } from './screens.js';

/**
 * Whether the caller could use an entity's screen at all: a list, a detail or the users screen
 * needs a read row of section 6, a create form a create row, an edit form an update row. A
 * screen's Who never grants access to data, so a screen whose data the caller may not touch is
 * not offered.
 */
export function mayUseData(model: AppModel, roles: readonly string[], screen: AppScreen): boolean {
  // The users screen lists accounts: its managers must be able to read some.
  if (screen.kind === 'users') return mayRead(model, roles, 'User');
  if (!screen.entity) return true;
  if (screen.kind === 'list' || screen.kind === 'detail')
    return mayRead(model, roles, screen.entity);
  if (screen.kind !== 'form') return true;
  const action = screen.route.includes(':id') ? 'update' : 'create';
  return accessTo(model, roles, screen.entity, action) !== 'no';
}

/**
 * The screens the navigation offers this caller: lists, pages, dashboards, the users screen and
 * the specification they may open, and create forms of entities they have no list of (a feedback
 * form reached from nowhere else). Screens of records they may not read are left out; so are the account screens,
 * which the user menu offers, and a dashboard home, which the application's name links to.
 */
export function navigationScreens(
  model: AppModel,
  screens: readonly AppScreen[],
  user: SessionUser | null | undefined,
  roles: readonly string[],
): AppScreen[] {
  return screens.filter((s) => {
    // The application's name links home; a home that is a list is named in the navigation too.
    if ((s.route === '/' && s.kind === 'dashboard') || s.route.includes(':id') || !mayOpen(s, user))
      return false;
    if (!mayUseData(model, roles, s)) return false;
    if (['list', 'page', 'spec', 'dashboard', 'users'].includes(s.kind)) return true;
    if (s.kind !== 'form' || !s.entity) return false;
    return screensOf(screens, s.entity, 'list', user).length === 0;
  });
}
