import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { userLabel } from '@specrun/model';
import { Link } from 'react-router';
import type { SessionUser } from '../model/access.js';
import { screenOfKind } from '../model/screens.js';
import { useApp } from './app-context.js';
import { useSignOut } from './use-sign-out.js';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The signed-in user's name and a menu (account, sign out), or the sign-in and sign-up links. */
export function UserMenu({ user }: { user: SessionUser | null | undefined }) {
  const { screens, model } = useApp();
  const signOut = useSignOut();
  const signIn = screenOfKind(screens, 'sign-in');
  const signUp = screenOfKind(screens, 'sign-up');
  const account = screenOfKind(screens, 'account');
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
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton title="Your account" style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <span aria-hidden="true">
              <Avatar size={32} radius="xl" color="blue" variant="filled">
                {initials(label)}
              </Avatar>
            </span>
            {/* The name is the button's name: shown on wide screens, read out on narrow ones. */}
            <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={160}>
              {label}
            </Text>
            <VisuallyHidden hiddenFrom="md">{label}</VisuallyHidden>
          </Group>
        </UnstyledButton>
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
