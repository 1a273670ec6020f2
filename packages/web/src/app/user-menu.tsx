import { Button, Group } from '@mantine/core';
import { userLabel } from '@specrun/model';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../model/access.js';
import { screenOfKind } from '../model/screens.js';
import { AccountButton } from './account-button.js';
import { useApp } from './app-context.js';

const AccountMenu = lazy(() => import('./account-menu.js'));

/** The signed-in user's name and a menu (account, sign out), or the sign-in and sign-up links. */
export function UserMenu({ user }: { user: SessionUser | null | undefined }) {
  const { screens, model } = useApp();
  const signIn = screenOfKind(screens, 'sign-in');
  const signUp = screenOfKind(screens, 'sign-up');
  if (user === undefined) return null;
  if (!user)
    return (
      <Group gap="xs" wrap="nowrap">
        {signIn && (
          <Button component={Link} to={signIn.route} variant="default" size="sm">
            Sign in
          </Button>
        )}
        {signUp && (
          <Button component={Link} to={signUp.route} size="sm" visibleFrom="sm">
            {signUp.name}
          </Button>
        )}
      </Group>
    );
  const label = userLabel(model, user);
  // Until the menu's chunk arrives, the same button stands in its place: nothing moves.
  return (
    <Suspense fallback={<AccountButton label={label} />}>
      <AccountMenu user={user} label={label} />
    </Suspense>
  );
}
