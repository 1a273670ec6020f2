import { useQueries } from '@tanstack/react-query';
import { useApp } from '../../app/app-context.js';
import { recordKey } from '../../api/use-record.js';
import { useSession } from '../../api/use-session.js';
import { accessTo } from '../../model/access.js';
import type { ApiRecord } from '../../model/record-label.js';

/** A record a history names by its id: which entity, which id. */
export interface Referenced {
  entity: string;
  id: string;
}

/** A referenced record as far as it is known: the record, still loading, or not the reader's. */
export type Lookup = (entity: string, id: string) => ApiRecord | 'loading' | undefined;

/**
 * The records a history's changes refer to, each asked for once (and shared with the record
 * queries elsewhere), so that a reference reads as the record's label: only those of entities
 * the reader may read; the others, and those the server refuses, stay unnamed.
 */
export function useReferencedRecords(refs: readonly Referenced[]): Lookup {
  const { model, api } = useApp();
  const { user, roles } = useSession();
  const readable = (entity: string) =>
    accessTo(model, roles, entity, 'read') !== 'no' && api.call('get', entity) !== undefined;
  const keys = [...new Set(refs.map((r) => `${r.entity}\n${r.id}`))].map((k) => {
    const [entity, id] = k.split('\n') as [string, string];
    return { entity, id };
  });
  // The reader themselves is "You" without asking.
  const asked = keys.filter(
    (r) => !(r.entity === 'User' && r.id === user?.id) && readable(r.entity),
  );
  const answers = useQueries({
    queries: asked.map(({ entity, id }) => ({
      queryKey: [...recordKey(entity, id), []],
      queryFn: () => api.get(entity, id),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const found = new Map<string, ApiRecord | 'loading'>();
  asked.forEach(({ entity, id }, i) => {
    const answer = answers[i];
    if (answer?.data) found.set(`${entity}\n${id}`, answer.data);
    else if (answer?.isPending) found.set(`${entity}\n${id}`, 'loading');
  });
  return (entity, id) => found.get(`${entity}\n${id}`);
}
