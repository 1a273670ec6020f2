import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import tones from '../../ui/tones.module.css';

/** The narrow card sign-in and sign-up screens sit in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack maw={440} mx="auto" w="100%" gap="lg" py="md">
      <Stack gap={6}>
        <Title order={1}>{title}</Title>
        {intro && <Text className={tones.muted}>{intro}</Text>}
      </Stack>
      <Paper withBorder p="xl" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
