import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import tones from '../../ui/tones.module.css';

/** The friendly page for a route the application does not have. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Stack
      align="flex-start"
      gap="md"
      py="xl"
      component="section"
      aria-labelledby="not-found-title"
    >
      <Text fw={600} className={tones.accentText}>
        404
      </Text>
      <Title order={1} id="not-found-title">
        This page does not exist
      </Title>
      <Text>
        Nothing in this application is at <code>{pathname}</code>. The link may be out of date, or
        the page may not be part of the specification yet.
      </Text>
      <Button component={Link} to="/">
        Go to the overview
      </Button>
    </Stack>
  );
}
