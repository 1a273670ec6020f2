import { Box, CloseButton, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the drawer shows, and whether it is open. */
export interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  name: string;
  children: ReactNode;
}

/**
 * The phone's navigation, in a drawer from the side. Its own chunk (a drawer brings portals,
 * focus trapping and scroll locking), loaded when the menu button is first pressed.
 */
export function NavDrawer({ opened, onClose, name, children }: NavDrawerProps) {
  return (
    // No Drawer header: Mantine renders it as <header>, a second banner landmark.
    <Drawer.Root opened={opened} onClose={onClose} size="xs" hiddenFrom="md">
      <Drawer.Overlay />
      <Drawer.Content aria-label="Navigation">
        <Drawer.Body pt="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} truncate="end">
                {name}
              </Text>
              <CloseButton onClick={onClose} aria-label="Close the navigation" />
            </Group>
            <Divider />
            <Box component="nav" aria-label="Main menu">
              {children}
            </Box>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
