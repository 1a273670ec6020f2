import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context.js';

/** The query key of one record; lists are ['list', entity, ...]. */
export const recordKey = (entity: string, id: string) => ['record', entity, id] as const;

/** One record, its references expanded so that they show names and link to their records. */
export function useRecord(entity: string, id: string, include: string[], enabled = true) {
  const { api } = useApp();
  return useQuery({
    queryKey: [...recordKey(entity, id), include],
    queryFn: () => api.get(entity, id, include),
    enabled: enabled && entity !== '' && id !== '',
  });
}
