import { Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SessionUser } from '../model/access.js';
import { screenOfKind } from '../model/screens.js';
import { AccountButton } from './account-button.js';
import { useApp } from './app-context.js';
import { useSignOut } from './use-sign-out.js';

/**
 * The signed-in user's menu: their name and email, their account, signing out. Its own chunk
 * (Menu brings Popover and Floating UI), loaded once someone is signed in.
 */
export default function AccountMenu({ user, label }: { user: SessionUser; label: string }) {
  const { screens } = useApp();
  const signOut = useSignOut();
  const account = screenOfKind(screens, 'account');
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <AccountButton label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {label}
          </Text>
          <Text size="xs" c="var(--mantine-color-text)" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {account && (
          <Menu.Item component={Link} to={account.route}>
            {account.name}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
