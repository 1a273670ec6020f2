import { Skeleton, Stack } from '@mantine/core';

/** Placeholders shaped like a screen (a title, a line, a block), so nothing jumps on arrival. */
export function ScreenSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label} role="status">
      <Skeleton h={36} w="40%" />
      <Skeleton h={16} w="60%" />
      <Skeleton h={320} />
    </Stack>
  );
}
