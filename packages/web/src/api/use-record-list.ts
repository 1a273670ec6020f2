import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams } from './api.js';
import { useApp } from '../app/app-context.js';

/** The pages of a list read so far, following each page's cursor on "Load more". */
export function useRecordList(entity: string, params: Omit<ListParams, 'cursor'>, enabled = true) {
  const { api } = useApp();
  return useInfiniteQuery({
    queryKey: ['list', entity, params],
    queryFn: ({ pageParam }) =>
      api.list(entity, pageParam === undefined ? params : { ...params, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
