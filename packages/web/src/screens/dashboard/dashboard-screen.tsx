import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { displayName } from '../../app/display-name.js';
import { navigationScreens } from '../../model/navigation.js';
import { screenOfKind, type AppScreen } from '../../model/screens.js';
import { Eyebrow } from '../../ui/eyebrow.js';
import tones from '../../ui/tones.module.css';
import { OverviewScreen } from '../../ui/overview/overview-screen.js';
import { ListCard } from './list-card.js';

/**
 * The home page. A derived home (section 2 unspecified) shows the specification's overview, with
 * the lists of its entities for a signed-in user. A declared dashboard shows what the application
 * is for, the screen's own introduction (its Shows text), and a card per list the user may open.
 */
export default function DashboardScreen({ screen }: { screen: AppScreen }) {
  const { model, screens } = useApp();
  const { user, roles } = useSession();
  const lists = navigationScreens(model, screens, user, roles).filter((s) => s.kind === 'list');
  const cards =
    lists.length > 0 ? (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {lists.map((s) => (
          <ListCard key={s.route} screen={s} />
        ))}
      </SimpleGrid>
    ) : null;
  if (screen.derived) return <OverviewScreen>{user ? cards : null}</OverviewScreen>;
  const signIn = screenOfKind(screens, 'sign-in');
  const signUp = screenOfKind(screens, 'sign-up');
  return (
    <Stack gap="xl">
      <Stack gap="sm" maw={760} component="header">
        <Eyebrow>{screen.name}</Eyebrow>
        <Title order={1}>{user ? `Welcome, ${user.name}` : displayName(model.name)}</Title>
        {model.description && <Text size="lg">{model.description}</Text>}
        {screen.text && <Text className={tones.muted}>{screen.text}</Text>}
        {!user && (signIn || signUp) && (
          <Group gap="sm" mt="xs">
            {signUp && (
              <Button component={Link} to={signUp.route}>
                {signUp.name}
              </Button>
            )}
            {signIn && (
              <Button component={Link} to={signIn.route} variant="default">
                Sign in
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {cards}
    </Stack>
  );
}
