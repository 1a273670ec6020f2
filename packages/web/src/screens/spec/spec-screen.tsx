import { Stack } from '@mantine/core';
import { useApp } from '../../app/app-context.js';
import { OverviewScreen } from '../../ui/overview/overview-screen.js';
import { SpecDetails } from './spec-details.js';

/** The specification itself, rendered: the nine points, then every specified section in full. */
export default function SpecScreen() {
  const { model } = useApp();
  return (
    <Stack gap="xl">
      <OverviewScreen eyebrow="Specification" />
      <SpecDetails model={model} />
    </Stack>
  );
}
