import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useModel } from '../../api/use-model.js';
import { FillInCard } from './fill-in-card.js';
import { OverviewHeader } from './overview-header.js';
import { SectionCard } from './section-card.js';

/** The application's overview: its name and purpose, and where each of the nine points stands. */
export function OverviewScreen() {
  const { data: model } = useModel();
  if (!model) return <OverviewSkeleton />;
  return (
    <Stack gap="xl">
      <OverviewHeader model={model} />
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

/** Placeholders shaped like the overview, so nothing jumps when the model arrives. */
function OverviewSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="Loading the application">
      <Skeleton h={40} w="60%" />
      <Skeleton h={80} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} h={200} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
