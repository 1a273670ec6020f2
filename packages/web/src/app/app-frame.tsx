import {
  Anchor,
  AppShell,
  Box,
  CloseButton,
  Text,
  Burger,
  Container,
  Divider,
  Drawer,
  Group,
  Skeleton,
  Stack,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle.js';
import styles from './skip-link.module.css';

/** What the header holds once the application is known. */
export interface FrameParts {
  name: string;
  /** The navigation links; the same element serves the header and the phone's drawer. */
  nav: (vertical: boolean, close: () => void) => ReactNode;
  hasNav: boolean;
  user: ReactNode;
}

/**
 * The page frame: a header naming the application with its navigation and the user's menu, then
 * the screen. On a phone the navigation folds into a drawer behind a menu button.
 */
export function AppFrame({ parts, children }: { parts?: FrameParts; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    // With navigation, wide screens get a second row of links under the name: it holds any number
    // of screens without crowding the user's menu. Phones fold it into a drawer.
    <AppShell header={{ height: parts?.hasNav ? { base: 60, md: 104 } : 60 }} padding={0}>
      <a href="#main" className={styles.skip}>
        Skip to the content
      </a>
      <AppShell.Header>
        <Container size="xl">
          <Group h={60} justify="space-between" wrap="nowrap" gap="md">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              {parts?.hasNav && (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={opened ? 'Close the navigation' : 'Open the navigation'}
                  aria-expanded={opened}
                />
              )}
              {parts ? (
                <Anchor
                  component={Link}
                  to="/"
                  c="inherit"
                  underline="never"
                  fw={700}
                  size="lg"
                  truncate="end"
                  style={{ flexShrink: 1, minWidth: 0 }}
                >
                  {parts.name}
                </Anchor>
              ) : (
                <Skeleton h={20} w={180} aria-hidden />
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ColorSchemeToggle />
              {parts?.user}
            </Group>
          </Group>
          {parts?.hasNav && (
            <Box
              component="nav"
              aria-label="Main"
              visibleFrom="md"
              h={44}
              className={styles.navRow}
            >
              {parts.nav(false, close)}
            </Box>
          )}
        </Container>
      </AppShell.Header>
      {parts?.hasNav && (
        // No Drawer header: Mantine renders it as <header>, a second banner landmark.
        <Drawer.Root opened={opened} onClose={close} size="xs" hiddenFrom="md">
          <Drawer.Overlay />
          <Drawer.Content aria-label="Navigation">
            <Drawer.Body pt="md">
              <Stack gap="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} truncate="end">
                    {parts.name}
                  </Text>
                  <CloseButton onClick={close} aria-label="Close the navigation" />
                </Group>
                <Divider />
                <Box component="nav" aria-label="Main menu">
                  {parts.nav(true, close)}
                </Box>
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}
      <AppShell.Main>
        <Container size="xl" py="xl" id="main" tabIndex={-1} style={{ outline: 'none' }}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
