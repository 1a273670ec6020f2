import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { accessTo, readableFields } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';
import { entityWords } from '../../model/names.js';
import { recordLabel } from '../../model/record-label.js';
import { createFormOf, detailOf, routeTo, type AppScreen } from '../../model/screens.js';
import tones from '../../ui/tones.module.css';
import { useRecordList } from '../../api/use-record-list.js';

const SHOWN = 5;

/** A list screen on the home page: its latest records, a link to all of them, and "new". */
export function ListCard({ screen }: { screen: AppScreen }) {
  const { model, screens, api } = useApp();
  const { user, roles } = useSession();
  const entity = entityOf(model, screen.entity ?? '');
  const include = (entity?.fields ?? [])
    .filter((f) => f.type.kind === 'reference' && !f.builtin)
    .slice(0, 1)
    .map((f) => f.name);
  const readable = entity ? readableFields(model, roles, entity) : new Set<string>();
  const sort = readable.has('createdAt') ? undefined : 'id';
  const list = useRecordList(
    entity?.name ?? '',
    {
      ...(screen.filter ? { filter: screen.filter.source } : {}),
      ...(sort ? { sort } : {}),
      limit: SHOWN,
      include,
    },
    entity !== undefined,
  );
  if (!entity) return null;
  const detail = detailOf(screens, entity.name, user);
  const create = createFormOf(screens, entity.name, user);
  const canCreate = create && accessTo(model, roles, entity.name, 'create') !== 'no';
  const records = list.data?.pages[0]?.items ?? [];
  const id = `card-${screen.route.replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={id}>
            {screen.name}
          </Title>
          <Anchor
            component={Link}
            to={screen.route}
            size="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            View all
          </Anchor>
        </Group>
        {list.isPending ? (
          <Stack gap={8} aria-busy="true" role="status" aria-label={`Loading ${screen.name}`}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={18} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Text size="sm">{list.error.message}</Text>
        ) : records.length === 0 ? (
          <Text size="sm" className={tones.muted}>
            No {entityWords(entity.plural)} here yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {records.map((r) => (
              <li key={api.handle(entity.name, r) ?? JSON.stringify(r)}>
                {detail && api.handle(entity.name, r) !== undefined ? (
                  <Anchor
                    component={Link}
                    to={routeTo(detail.route, api.handle(entity.name, r))}
                    size="sm"
                  >
                    {recordLabel(model, entity, r)}
                  </Anchor>
                ) : (
                  <Text size="sm">{recordLabel(model, entity, r)}</Text>
                )}
              </li>
            ))}
          </Stack>
        )}
        {canCreate && (
          <Group mt="auto" pt="xs">
            <Button component={Link} to={create.route} size="xs" variant="light">
              {create.name}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
