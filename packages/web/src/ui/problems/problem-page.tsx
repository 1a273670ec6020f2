import { Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import tones from '../tones.module.css';

/** The shape of every friendly refusal: a status, a heading, what happened, what to do. */
export function ProblemPage({
  status,
  title,
  children,
  actions,
}: {
  status: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <Stack align="flex-start" gap="md" py="xl" component="section" aria-labelledby={id} maw={680}>
      <Text fw={600} className={tones.accentText}>
        {status}
      </Text>
      <Title order={1} id={id}>
        {title}
      </Title>
      <Text>{children}</Text>
      {actions && <Group gap="sm">{actions}</Group>}
    </Stack>
  );
}
