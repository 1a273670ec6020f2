import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ComponentProps } from 'react';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The signed-in user's initials and name: the button that opens their menu. */
export function AccountButton({ label, ...button }: { label: string } & ComponentProps<'button'>) {
  return (
    <UnstyledButton title="Your account" style={{ borderRadius: 999 }} {...button}>
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
  );
}
