import type { ScreenKind } from '@specrun/model';
import { lazy, type ComponentType } from 'react';
import type { AppScreen } from '../model/screens.js';

/** Every screen component takes the screen of section 2 it shows. */
export type ScreenComponent = ComponentType<{ screen: AppScreen }>;

// Each kind is its own chunk, loaded when first opened: the first page downloads only the frame
// and the screen it shows.
export const SCREEN_COMPONENTS: Record<ScreenKind, ScreenComponent> = {
  list: lazy(() => import('../screens/list/list-screen.js')),
  detail: lazy(() => import('../screens/detail/detail-screen.js')),
  form: lazy(() => import('../screens/form/form-screen.js')),
  dashboard: lazy(() => import('../screens/dashboard/dashboard-screen.js')),
  page: lazy(() => import('../screens/page/page-screen.js')),
  'sign-in': lazy(() => import('../screens/auth/sign-in-screen.js')),
  'sign-up': lazy(() => import('../screens/auth/sign-up-screen.js')),
  account: lazy(() => import('../screens/account/account-screen.js')),
  users: lazy(() => import('../screens/users/users-screen.js')),
  spec: lazy(() => import('../screens/spec/spec-screen.js')),
};
