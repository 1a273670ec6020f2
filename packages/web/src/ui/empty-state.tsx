import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon.js';

const tray = (
  <LineIcon size={22} strokeLinejoin="round">
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </LineIcon>
);

/** What a screen with nothing to show says instead: why it is empty, and what to do next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          {tray}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children && <Text maw={460}>{children}</Text>}
        {action}
      </Stack>
    </Paper>
  );
}
