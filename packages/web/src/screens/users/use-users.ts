import { useQuery } from '@tanstack/react-query';
import { accountStatuses } from '../../api/account-status.js';
import { useRecordList } from '../../api/use-record-list.js';
import { useApp } from '../../app/app-context.js';
import type { ApiRecord } from '../../model/record-label.js';

/** The query key of the accounts' statuses: invalidated with the list after every change. */
export const STATUSES_KEY = ['account-statuses'] as const;

/**
 * The users the caller may read that the search finds, by name, a page at a time, and whether each
 * account is active (the engine's GET /api/_accounts, asked for the ids listed).
 */
export function useUsers(filter: string | undefined, sortable: boolean) {
  const { catalogue } = useApp();
  const list = useRecordList('User', {
    ...(filter ? { filter } : {}),
    ...(sortable ? { sort: 'name' } : {}),
  });
  const records: ApiRecord[] = list.data?.pages.flatMap((p) => p.items) ?? [];
  const ids = records.map((r) => String(r.id));
  const statuses = useQuery({
    queryKey: [...STATUSES_KEY, ids],
    queryFn: () => accountStatuses(catalogue, ids),
    enabled: ids.length > 0,
  });
  return { list, records, statuses };
}
