import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { isNotFound } from '../../api/api-error.js';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { useDocumentTitle } from '../../app/use-document-title.js';
import { readableFields } from '../../model/access.js';
import { entityOf, lifecycleOf } from '../../model/entities.js';
import { recordLabel } from '../../model/record-label.js';
import type { AppScreen } from '../../model/screens.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { Eyebrow } from '../../ui/eyebrow.js';
import { StateBadge } from '../../ui/state-badge.js';
import tones from '../../ui/tones.module.css';
import { NotFoundScreen } from '../../ui/problems/not-found-screen.js';
import { HistoryTimeline } from './history-timeline.js';
import { MembershipButtons } from './membership-buttons.js';
import { RecordActions } from './record-actions.js';
import { RecordFields, RecordMeta } from './record-fields.js';
import { relatedLists } from './related-lists.js';
import { RelatedSection } from './related-section.js';
import { namingIncludes } from '../../model/naming-includes.js';
import { useRecord } from '../../api/use-record.js';

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" role="status" aria-label="Loading the record">
      <Skeleton h={14} w={120} />
      <Skeleton h={36} w="50%" />
      <Skeleton h={36} w={260} />
      <Paper withBorder p="lg">
        <Stack gap="md">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * One record: its name and state, a button per action the caller may take now, its fields as the
 * caller may read them (references linked to their records), the records of other entities that
 * refer to it (a ticket's comments), and its history.
 */
export default function DetailScreen({ screen }: { screen: AppScreen }) {
  const { model, api, screens } = useApp();
  const { user, roles } = useSession();
  const { id = '' } = useParams();
  const entity = entityOf(model, screen.entity ?? '');
  const readable = entity ? readableFields(model, roles, entity) : new Set<string>();
  const shown = (entity?.fields ?? []).filter((f) => readable.has(f.name));
  const include = namingIncludes(model, roles, shown);
  // With the creates it offers: the related lists' "Add …" and forms like "Book a place".
  const record = useRecord(entity?.name ?? '', id, include, true, true);
  const name = entity && record.data ? recordLabel(model, entity, record.data) : undefined;
  useDocumentTitle(name ?? screen.name);
  if (!entity) return <NotFoundScreen />;
  if (record.isError)
    return isNotFound(record.error) ? (
      <NotFoundScreen message={record.error.message} />
    ) : (
      <ErrorAlert error={record.error} onRetry={() => void record.refetch()} />
    );
  if (!record.data || !name) return <DetailSkeleton />;
  const lifecycle = lifecycleOf(model, entity.name);
  const state = lifecycle ? record.data[lifecycle.field] : undefined;
  const hasHistory = api.call('history', entity.name) !== undefined;
  const related = relatedLists(
    { model, screens, user, roles, call: (kind, e) => api.call(kind, e) },
    entity.name,
    record.data.id,
    record.data,
  );
  // A create form a related list offers is not offered again among the record's buttons.
  const addedBelow = related.flatMap((l) => (l.add?.kind === 'screen' ? [l.add.screen.route] : []));
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Eyebrow>{screen.name}</Eyebrow>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {typeof state === 'string' && <StateBadge state={state} />}
        </Group>
        {entity.description && <Text className={tones.muted}>{entity.description}</Text>}
      </Stack>
      <RecordActions
        entity={entity.name}
        record={record.data}
        name={name}
        exceptForms={addedBelow}
      />
      <MembershipButtons entity={entity} record={record.data} />
      <Paper withBorder p="lg" radius="md" component="section" aria-label="Details">
        <Stack gap="lg">
          <RecordFields entity={entity} record={record.data} stateField={lifecycle?.field} />
          <Divider />
          <RecordMeta entity={entity} record={record.data} />
        </Stack>
      </Paper>
      {related.map((list) => (
        <RelatedSection
          key={`${list.entity.name}.${list.field.name}`}
          list={list}
          parent={{ entity: entity.name, id: record.data.id, handle: id }}
        />
      ))}
      {hasHistory && <HistoryTimeline entity={entity} record={record.data} />}
    </Stack>
  );
}
