import { Stack, Text, Title } from '@mantine/core';
import type { AppScreen } from '../../model/screens.js';

/** A page of static text: the screen's name, then its Shows text. */
export default function PageScreen({ screen }: { screen: AppScreen }) {
  return (
    <Stack gap="md" maw={760} component="article" aria-labelledby="page-title">
      <Title order={1} id="page-title">
        {screen.name}
      </Title>
      {(screen.text ?? '').split(/\n{2,}/).map((paragraph, i) => (
        <Text key={i} size="lg">
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
