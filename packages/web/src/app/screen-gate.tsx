import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../api/use-session.js';
import { mayUseData, navigationScreens } from '../model/navigation.js';
import { mayOpen, needsSignIn, type AppScreen } from '../model/screens.js';
import { ForbiddenScreen } from '../ui/problems/forbidden-screen.js';
import { SignInNeeded } from '../ui/problems/sign-in-needed.js';
import { ScreenSkeleton } from '../ui/screen-skeleton.js';
import { useApp } from './app-context.js';
import { SCREEN_COMPONENTS } from './screen-components.js';
import { useDocumentTitle } from './use-document-title.js';

/**
 * Opens a screen for whoever may: its Who of section 2 and, for an entity's screen, a row of
 * section 6 for its data. A visitor is asked to sign in; a user whose roles do not reach it is
 * told so; a user whose home is not for them goes to the first screen that is.
 */
export function ScreenGate({ screen }: { screen: AppScreen }) {
  const { model, screens } = useApp();
  const { user, roles, loading } = useSession();
  useDocumentTitle(screen.route === '/' ? undefined : screen.name);
  if (loading) return <ScreenSkeleton />;
  const allowed = mayOpen(screen, user) && mayUseData(model, roles, screen);
  if (!allowed) {
    if (screen.route === '/' && user) {
      const first = navigationScreens(model, screens, user, roles).find((s) => s.route !== '/');
      if (first) return <Navigate to={first.route} replace />;
    }
    if (!user && (needsSignIn(screen) || screen.entity)) return <SignInNeeded />;
    return <ForbiddenScreen />;
  }
  const Screen = SCREEN_COMPONENTS[screen.kind];
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <Screen screen={screen} />
    </Suspense>
  );
}
