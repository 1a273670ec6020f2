import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context.js';

/** The query key of one record; lists are ['list', entity, ...]. */
export const recordKey = (entity: string, id: string) => ['record', entity, id] as const;

/**
 * One record, its references expanded so that they show names and link to their records; with
 * `offers`, the creates it offers among its actions (see Api.get).
 */
export function useRecord(
  entity: string,
  id: string,
  include: string[],
  enabled = true,
  offers = false,
) {
  const { api } = useApp();
  return useQuery({
    queryKey: [...recordKey(entity, id), include, offers],
    queryFn: () => api.get(entity, id, include, offers),
    enabled: enabled && entity !== '' && id !== '',
  });
}
