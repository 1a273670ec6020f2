import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { accessTo, mayRead } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';
import { entityWords } from '../../model/names.js';
import { createFormOf, detailOf, type AppScreen } from '../../model/screens.js';
import { EmptyState } from '../../ui/empty-state.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import tones from '../../ui/tones.module.css';
import { NotFoundScreen } from '../../ui/problems/not-found-screen.js';
import { listColumns } from './list-columns.js';
import { namingIncludes } from '../../model/naming-includes.js';
import { ExportButton, exportParams } from './export-button.js';
import { ListFilterBar } from './list-filter-bar.js';
import { filterValues, listFilters } from './list-filters.js';
import { defaultListSort } from './list-order.js';
import { ListResults } from './list-results.js';
import { ListTableSkeleton } from './list-table.js';
import { takesEngineParameters, takesSort } from '../../api/list-call.js';
import { takesSearch, takesTotal } from '../../api/list-call.js';
import { useRecordList } from '../../api/use-record-list.js';
import { ListRange } from './list-range.js';
import { ListSearchBox, NoSearchMatch, searchable, useListSearch } from './list-search.js';

/**
 * A list screen: the records the caller may read that the screen's filter keeps, in a table
 * sorted by a click on a header (`?sort=`), filtered by the fields' values (`?field=value`), a page
 * at a time ("Load more" follows the cursor). Sort and filters live in the address, so a list can
 * be bookmarked and the browser's back button undoes them.
 *
 * Where the list call takes a search and the reader may read a text field, a search box finds
 * records by their words (`?q=`), and the range shown says how many match ("1–25 of 137").
 *
 * The filters offer only values the screen could show (list-filters.ts), the default order is
 * soonest first for a screen of what is to come (list-order.ts), Export CSV downloads the whole
 * list as shown, and selected records take an action together (list-results.tsx); on a phone
 * the records are cards.
 */
export default function ListScreen({ screen }: { screen: AppScreen }) {
  const { model, screens, api } = useApp();
  const { user, roles } = useSession();
  const [search, setSearch] = useSearchParams();
  const entity = entityOf(model, screen.entity ?? '');
  const columns = entity ? listColumns(model, entity, screen, roles) : [];
  // A call that declares its parameters takes no field=value: no filter bar then.
  const call = entity && api.listCall(entity.name, screen.filter?.source);
  const canList = (e: string) => mayRead(model, roles, e) && api.call('list', e) !== undefined;
  const filters =
    entity && takesEngineParameters(call)
      ? listFilters(model, entity, screen.filter?.source, { roles, userId: user?.id, canList })
      : [];
  const equals = filterValues(filters, search);
  const canSort = takesSort(call);
  const chosen = canSort ? (search.get('sort') ?? undefined) : undefined;
  const searching = useListSearch(
    entity !== undefined && takesSearch(call) && searchable(model, roles, entity),
  );
  const sort =
    chosen ??
    (entity && canSort ? defaultListSort(model, roles, entity, screen, columns) : undefined);
  const params = {
    ...(screen.filter ? { filter: screen.filter.source } : {}),
    ...(sort ? { sort } : {}),
    equals,
    include: namingIncludes(model, roles, columns),
    ...(searching.asked ? { q: searching.asked } : {}),
  };
  // The total with the first page where the call can count; the previous answer stays shown
  // while a search typed is read.
  const counted = { ...params, ...(takesTotal(call) ? { total: true } : {}) };
  const list = useRecordList(entity?.name ?? '', counted, entity !== undefined, true);
  if (!entity) return <NotFoundScreen />;

  const create = createFormOf(screens, entity.name, user);
  const canCreate = create && accessTo(model, roles, entity.name, 'create') !== 'no';
  const detail = detailOf(screens, entity.name, user);
  const records = list.data?.pages.flatMap((p) => p.items) ?? [];
  const count = list.data?.pages[0]?.count;
  const filtered = Object.keys(equals).length > 0;
  const plural = entityWords(entity.plural);
  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    change(next);
    setSearch(next, { replace: true });
  };
  const createButton = canCreate && (
    <Button component={Link} to={create.route}>
      {create.name}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1}>{screen.name}</Title>
          {entity.description && <Text className={tones.muted}>{entity.description}</Text>}
        </Stack>
        <Group gap="sm">
          {call && takesEngineParameters(call) && records.length > 0 && (
            <ExportButton
              call={call}
              params={exportParams(params)}
              columns={columns.map((f) => f.name)}
              screenName={screen.name}
            />
          )}
          {createButton}
        </Group>
      </Group>
      {takesSearch(call) && searchable(model, roles, entity) && (
        <ListSearchBox
          label={`Search ${plural}`}
          value={searching.typed}
          onType={searching.type}
          onClear={searching.clear}
          busy={list.isPlaceholderData}
        />
      )}
      <ListFilterBar
        filters={filters}
        values={equals}
        onChange={(field, value) =>
          update((next) => (value === undefined ? next.delete(field) : next.set(field, value)))
        }
        onClear={() => update((next) => filters.forEach((f) => next.delete(f.field.name)))}
      />
      {list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <ListTableSkeleton columns={columns.length} />
      ) : records.length === 0 ? (
        searching.asked ? (
          <NoSearchMatch
            plural={plural}
            asked={searching.asked}
            filtered={filtered}
            onClear={searching.clear}
          />
        ) : filtered ? (
          <EmptyState
            title={`No ${plural} match these filters`}
            action={
              <Button
                variant="default"
                onClick={() => update((next) => filters.forEach((f) => next.delete(f.field.name)))}
              >
                Clear filters
              </Button>
            }
          >
            Try another value, or clear the filters to see every one.
          </EmptyState>
        ) : (
          <EmptyState title={`No ${plural} yet`} action={createButton || undefined}>
            {canCreate
              ? `When ${plural} are added they appear here. Start with the first one.`
              : `When there are ${plural} you may see, they appear here.`}
          </EmptyState>
        )
      ) : (
        <Stack gap="sm">
          <ListResults
            model={model}
            entity={entity}
            columns={columns}
            records={records}
            sort={sort}
            onSort={(s) => update((next) => next.set('sort', s))}
            detailRoute={detail?.route}
            caption={screen.name}
            canSort={canSort}
          />
          <Group justify="space-between" wrap="wrap">
            <ListRange shown={records.length} total={count} />
            {list.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
