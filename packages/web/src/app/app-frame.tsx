import { Anchor, AppShell, Badge, Container, Group, Skeleton, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useModel } from '../api/use-model.js';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle.js';
import { LoadError } from '../ui/load-error.js';
import { displayName } from './display-name.js';

/** The page frame: a header naming the application, then the screen. */
export function AppFrame({ children }: { children: ReactNode }) {
  const model = useModel();
  const name = model.data ? displayName(model.data.name) : undefined;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {name ? (
                <Anchor
                  component={Link}
                  to="/"
                  c="inherit"
                  underline="never"
                  fw={650}
                  truncate="end"
                >
                  {name}
                </Anchor>
              ) : (
                <Skeleton h={20} w={180} aria-hidden />
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="default" radius="sm" visibleFrom="xs">
                <Text span size="xs" fw={500}>
                  served by specrun
                </Text>
              </Badge>
              <ColorSchemeToggle />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="xl" component="div">
          {model.isError ? (
            <LoadError error={model.error} onRetry={() => void model.refetch()} />
          ) : (
            children
          )}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
