import { Card, Code, List, Stack, Text, Title } from '@mantine/core';

/** How the owner fills the specification in: the app follows the document. */
export function FillInCard() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="fill-in-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="fill-in-title">
          Ready to be filled in
        </Title>
        <Text size="sm">
          This application shows only what its specification says. To make it do more, describe each
          point in its section of the specification:
        </Text>
        <List size="sm" spacing={6}>
          <List.Item>Write the section in place of its “not shown” sentence.</List.Item>
          <List.Item>
            Run <Code>npx specrun check FILE</Code> to see any problem with its line and column.
          </List.Item>
          <List.Item>
            Start it again with <Code>npx specrun start FILE</Code>: the application follows the
            document, with no code to write.
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}
