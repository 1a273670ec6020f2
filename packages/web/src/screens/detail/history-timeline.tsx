import { Button, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { automaticActions, type Entity } from '@specrun/model';
import { useApp } from '../../app/app-context.js';
import { formatDateTime } from '../../format/format-value.js';
import { lifecycleOf } from '../../model/entities.js';
import { actionLabel, fieldLabel, sentence, words } from '../../model/names.js';
import { isRecord, type ApiRecord } from '../../model/record-label.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import tones from '../../ui/tones.module.css';
import { useUserNames } from './use-user-names.js';

const inputText = (input: Record<string, unknown> | null) =>
  input
    ? Object.entries(input)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(
          ([k, v]) => `${fieldLabel(k)}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
        )
        .join(' · ')
    : '';

/**
 * What happened to the record, oldest first: its creation, then every transition with who took
 * it (a person, or the System for an automatic one) and when, and what they gave. Served by the
 * default API's history call only.
 */
export function HistoryTimeline({ entity, record }: { entity: Entity; record: ApiRecord }) {
  const { api, locale, model } = useApp();
  // An automatic action is the system's alone (section 4): its entries name no person.
  const automatic = automaticActions(lifecycleOf(model, entity.name));
  const handle = api.handle(entity.name, record) ?? '';
  const history = useInfiniteQuery({
    queryKey: ['history', entity.name, handle],
    queryFn: ({ pageParam }) => api.history(entity.name, handle, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
  const entries = history.data?.pages.flatMap((p) => p.items) ?? [];
  // createdBy arrives as an id, or as the user's record when it was expanded.
  const by = record.createdBy;
  const creator = typeof by === 'string' ? by : isRecord(by) ? by.id : null;
  const nameOf = useUserNames([
    ...(creator ? [creator] : []),
    ...entries.flatMap((e) => (e.byUser ? [e.byUser] : [])),
  ]);
  return (
    <Stack gap="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title">
        History
      </Title>
      {history.isError ? (
        <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Stack gap="sm" aria-busy="true" role="status" aria-label="Loading the history">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : (
        <Timeline active={entries.length} bulletSize={14} lineWidth={2}>
          {typeof record.createdAt === 'string' && (
            <Timeline.Item title="Created">
              <Text size="sm" className={tones.muted}>
                {formatDateTime(record.createdAt, locale)}
                {Object.hasOwn(record, 'createdBy')
                  ? ` · by ${creator ? nameOf(creator) : 'signing up'}`
                  : ''}
              </Text>
            </Timeline.Item>
          )}
          {entries.map((e) => (
            <Timeline.Item key={e.id} title={actionLabel(e.action)}>
              <Text size="sm">
                {e.fromState && e.toState && e.fromState !== e.toState
                  ? `${sentence(words(e.fromState))} → ${sentence(words(e.toState))}`
                  : e.toState
                    ? `Stays ${words(e.toState)}`
                    : ''}
              </Text>
              <Text size="sm" className={tones.muted}>
                {formatDateTime(e.at, locale)} · by{' '}
                {automatic.has(e.action) ? 'System' : nameOf(e.byUser)}
              </Text>
              {inputText(e.input) && <Text size="sm">{inputText(e.input)}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {history.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
        >
          Show later changes
        </Button>
      )}
    </Stack>
  );
}
