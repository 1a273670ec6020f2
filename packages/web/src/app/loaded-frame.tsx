import { type ReactNode } from 'react';
import { useSession } from '../api/use-session.js';
import { navigationScreens } from '../model/navigation.js';
import { AppFrame } from './app-frame.js';
import { useApp } from './app-context.js';
import { displayName } from './display-name.js';
import { NavLinks } from './nav-links.js';
import { UserMenu } from './user-menu.js';

/** The frame of a loaded application: its name, what this user may open, and their menu. */
export function LoadedFrame({ children }: { children: ReactNode }) {
  const { model, screens } = useApp();
  const { user, roles } = useSession();
  const nav = navigationScreens(model, screens, user, roles);
  return (
    <AppFrame
      parts={{
        name: displayName(model.name),
        hasNav: nav.length > 0,
        nav: (vertical, close) => <NavLinks screens={nav} vertical={vertical} onNavigate={close} />,
        user: <UserMenu user={user} />,
      }}
    >
      {children}
    </AppFrame>
  );
}
