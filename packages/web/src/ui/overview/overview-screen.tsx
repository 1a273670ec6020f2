import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useApp } from '../../app/app-context.js';
import { FillInCard } from './fill-in-card.js';
import { OverviewHeader } from './overview-header.js';
import { SectionCard } from './section-card.js';

/**
 * The application's overview: its name and purpose, and where each of the nine points of its
 * specification stands. The seed's home, and the top of the specification screen.
 */
export function OverviewScreen({ eyebrow, children }: { eyebrow?: string; children?: ReactNode }) {
  const { model } = useApp();
  return (
    <Stack gap="xl">
      <OverviewHeader model={model} eyebrow={eyebrow} />
      {children}
      <Stack gap="md" component="section" aria-labelledby="points-title">
        <Title order={2} size="h3" id="points-title">
          The nine points of the specification
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {model.sections.map((section) => (
            <SectionCard key={section.key} section={section} model={model} />
          ))}
        </SimpleGrid>
      </Stack>
      {model.sections.some((s) => s.status !== 'specified') && <FillInCard />}
    </Stack>
  );
}
