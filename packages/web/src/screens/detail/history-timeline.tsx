import { Button, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { automaticActions, type Entity } from '@specrun/model';
import { useApp } from '../../app/app-context.js';
import { formatDateTime } from '../../format/format-value.js';
import { lifecycleOf } from '../../model/entities.js';
import { actionLabel, sentence, words } from '../../model/names.js';
import { isRecord, type ApiRecord } from '../../model/record-label.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import tones from '../../ui/tones.module.css';
import { creationAndLater, historyLines, type HistoryLine } from './history-lines.js';
import { HistoryValue } from './history-value.js';
import { useReferencedRecords, type Lookup, type Referenced } from './use-referenced-records.js';
import { useUserNames } from './use-user-names.js';

/** The records the lines name by id, to be shown by their labels. */
function referenced(lines: readonly HistoryLine[]): Referenced[] {
  return lines.flatMap(({ field, from, to }) => {
    const type = field?.type;
    if (type?.kind !== 'reference' && type?.kind !== 'list') return [];
    return [from, to]
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((id) => (typeof id === 'string' ? [{ entity: type.entity, id }] : []));
  });
}

/** "Priority: Normal → High", or "Reason: too late" for what was given. */
function Line({ line, lookup }: { line: HistoryLine; lookup: Lookup }) {
  const { field } = line;
  return (
    <Text size="sm">
      {line.label}:{' '}
      {'from' in line && (
        <>
          <HistoryValue field={field} value={line.from} lookup={lookup} /> →{' '}
        </>
      )}
      <HistoryValue field={field} value={line.to} lookup={lookup} />
    </Text>
  );
}

/**
 * What happened to the record, oldest first: its creation, then every edit and transition with
 * who made it (a person, or the System for an automatic one) and when, the fields it changed
 * (old → new, formatted as the record's page shows them) and what was given. Only what the reader
 * may read arrives from the server. Served by the default API's history call only.
 */
export function HistoryTimeline({ entity, record }: { entity: Entity; record: ApiRecord }) {
  const { api, locale, model } = useApp();
  // An automatic action is the system's alone (section 4): its entries name no person.
  const automatic = automaticActions(lifecycleOf(model, entity.name));
  const handle = api.handle(entity.name, record) ?? '';
  const history = useInfiniteQuery({
    queryKey: ['history', entity.name, handle],
    queryFn: ({ pageParam }) => api.history(entity.name, handle, pageParam, { record }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
  const entries = history.data?.pages.flatMap((p) => p.items) ?? [];
  const { creation, later } = creationAndLater(entries);
  const lines = new Map(entries.map((e) => [e.id, historyLines(model, entity, e)]));
  const lookup = useReferencedRecords([...lines.values()].flatMap(referenced));
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
        <Timeline active={later.length} bulletSize={14} lineWidth={2}>
          {typeof record.createdAt === 'string' && (
            <Timeline.Item title="Created">
              <Text size="sm" className={tones.muted}>
                {formatDateTime(record.createdAt, locale)}
                {Object.hasOwn(record, 'createdBy')
                  ? ` · by ${creator ? nameOf(creator) : 'signing up'}`
                  : ''}
              </Text>
              {creation &&
                lines
                  .get(creation.id)!
                  .map((line, i) => <Line key={i} line={line} lookup={lookup} />)}
            </Timeline.Item>
          )}
          {later.map((e) => (
            <Timeline.Item
              key={e.id}
              title={e.action === 'update' ? 'Edited' : actionLabel(e.action)}
            >
              {e.action !== 'update' && (
                <Text size="sm">
                  {e.fromState && e.toState && e.fromState !== e.toState
                    ? `${sentence(words(e.fromState))} → ${sentence(words(e.toState))}`
                    : e.toState
                      ? `Stays ${words(e.toState)}`
                      : ''}
                </Text>
              )}
              <Text size="sm" className={tones.muted}>
                {formatDateTime(e.at, locale)} · by{' '}
                {automatic.has(e.action) ? 'System' : nameOf(e.byUser)}
              </Text>
              {lines.get(e.id)!.map((line, i) => (
                <Line key={i} line={line} lookup={lookup} />
              ))}
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
