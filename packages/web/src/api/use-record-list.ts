import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams } from './api.js';
import { useApp } from '../app/app-context.js';

/**
 * The pages of a list read so far, following each page's cursor on "Load more". With
 * `keepPrevious`, the last answer stays shown while other parameters are asked (a search typed
 * into a picker), instead of the list going back to loading.
 */
export function useRecordList(
  entity: string,
  params: Omit<ListParams, 'cursor'>,
  enabled = true,
  keepPrevious = false,
) {
  const { api } = useApp();
  return useInfiniteQuery({
    queryKey: ['list', entity, params],
    // The total is asked with the first page only: the next pages match the same records.
    queryFn: ({ pageParam }) =>
      api.list(
        entity,
        pageParam === undefined ? params : { ...params, cursor: pageParam, total: false },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
