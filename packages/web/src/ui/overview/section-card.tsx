import type { AppModel, Section } from '@specrun/model';
import { Badge, Blockquote, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import tones from '../tones.module.css';
import { sectionDefault } from './section-defaults.js';

// Mantine sets a badge's colours inline; point them at the theme-aware ones of tones.module.css.
const statusBadgeVars = () => ({
  root: {
    '--badge-color': 'var(--status-color)',
    '--badge-bg': 'var(--status-bg)',
    '--badge-bd': '1px solid var(--status-bd)',
  },
});

/** One of the nine points: its number and title, whether it is specified, and its own words. */
export function SectionCard({ section, model }: { section: Section; model: AppModel }) {
  const specified = section.status === 'specified';
  const titleId = `section-${section.number}-title`;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-section={section.key}
      data-status={section.status}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon
              variant="light"
              color={specified ? 'teal' : 'gray'}
              radius="xl"
              size="md"
              aria-hidden
            >
              <Text span size="sm" fw={700}>
                {section.number}
              </Text>
            </ThemeIcon>
            <Title order={3} size="h5" id={titleId} lh={1.35}>
              {section.title}
            </Title>
          </Group>
        </Group>
        <Badge
          variant="outline"
          className={specified ? tones.specified : tones.unspecified}
          vars={statusBadgeVars}
          radius="sm"
          size="md"
          style={{ alignSelf: 'flex-start' }}
        >
          {specified
            ? 'Specified'
            : section.status === 'missing'
              ? 'Missing: not specified yet'
              : 'Not specified yet'}
        </Badge>
        {specified ? (
          section.description && <Text size="sm">{section.description}</Text>
        ) : (
          <>
            {section.statement && (
              <Blockquote p="sm" radius="sm" color="gray" aria-label="What the specification says">
                <Text size="sm">{section.statement}</Text>
              </Blockquote>
            )}
            <Text size="sm" mt="auto">
              <Text span fw={600}>
                Until then:{' '}
              </Text>
              {sectionDefault(section.key, model)}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
