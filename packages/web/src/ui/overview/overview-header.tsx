import type { AppModel } from '@specrun/model';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { displayName } from '../../app/display-name.js';
import { Eyebrow } from '../eyebrow.js';

/** The application's name, its purpose (or that it is not specified), and how much is written. */
export function OverviewHeader({
  model,
  eyebrow,
}: {
  model: AppModel;
  eyebrow?: string | undefined;
}) {
  const product = model.sections.find((s) => s.key === 'product');
  const specified = model.sections.filter((s) => s.status === 'specified').length;
  return (
    <Stack gap="md" component="header">
      <Eyebrow>{eyebrow ?? 'Application overview'}</Eyebrow>
      <Title order={1} style={{ textWrap: 'balance' }}>
        {displayName(model.name)}
      </Title>
      {model.title && (
        <Text size="sm">
          From the specification{' '}
          <Text span fs="italic">
            “{model.title}”
          </Text>
        </Text>
      )}
      {model.description ? (
        <Text size="lg" maw={760}>
          {model.description}
        </Text>
      ) : (
        <Text size="lg" maw={760}>
          What this application does, and for whom, is not specified yet
          {product?.statement ? `: “${product.statement}”` : '.'}
        </Text>
      )}
      <Paper withBorder p="md" maw={520}>
        <Group justify="space-between" mb={8}>
          <Text fw={600} size="sm" id="progress-label">
            {specified} of 9 points specified
          </Text>
          <Text size="sm">{9 - specified === 0 ? 'Complete' : `${9 - specified} to write`}</Text>
        </Group>
        <Progress.Root size="md">
          <Progress.Section
            value={(specified / 9) * 100}
            color="teal"
            aria-labelledby="progress-label"
          />
        </Progress.Root>
      </Paper>
    </Stack>
  );
}
