import { Anchor, Box, Burger, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle.js';
import frame from './app-frame.module.css';
import type { NavDrawerProps } from './nav-drawer.js';
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
  // The drawer's code is fetched on the first press of the menu button. It is drawn closed once,
  // then opened: Mantine notes what had focus when it opens, and gives focus back on closing.
  const [NavDrawer, setNavDrawer] = useState<ComponentType<NavDrawerProps>>();
  const toggleDrawer = async () => {
    if (!NavDrawer) {
      const loaded = (await import('./nav-drawer.js')).NavDrawer;
      flushSync(() => setNavDrawer(() => loaded));
    }
    toggle();
  };
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to the content
      </a>
      {/* With navigation, wide screens get a second row of links under the name: it holds any
          number of screens without crowding the user's menu. Phones fold it into a drawer.
          right-scroll-bar-position: the drawer's scroll lock moves the header as it does the page. */}
      <header
        className={`${frame.header} right-scroll-bar-position`}
        data-with-nav={parts?.hasNav || undefined}
      >
        <Container size="xl">
          <Group h={60} justify="space-between" wrap="nowrap" gap="md">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              {parts?.hasNav && (
                <Burger
                  opened={opened}
                  onClick={() => void toggleDrawer()}
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
      </header>
      {parts?.hasNav && NavDrawer && (
        <NavDrawer opened={opened} onClose={close} name={parts.name}>
          {parts.nav(true, close)}
        </NavDrawer>
      )}
      <main className={frame.main} data-with-nav={parts?.hasNav || undefined}>
        <Container size="xl" py="xl" id="main" tabIndex={-1} style={{ outline: 'none' }}>
          {children}
        </Container>
      </main>
    </>
  );
}
