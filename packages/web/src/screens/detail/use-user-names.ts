import { userLabel } from '@specrun/model';
import { useQueries } from '@tanstack/react-query';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { accessTo } from '../../model/access.js';

/**
 * Names for user ids (who took an action): "You" for the caller, the user's name when the caller
 * may read that account, else "another user"; "someone" for no id (nobody signed in, or a
 * person the server does not name to this reader). Each account is asked for once and kept.
 */
export function useUserNames(ids: readonly string[]): (id: string | null) => string {
  const { model, api } = useApp();
  const { user, roles } = useSession();
  const readable =
    accessTo(model, roles, 'User', 'read') !== 'no' && api.call('get', 'User') !== undefined;
  const others = [...new Set(ids)].filter((id) => id !== user?.id);
  const answers = useQueries({
    queries: others.map((id) => ({
      queryKey: ['record', 'User', id, []],
      queryFn: () => api.get('User', id),
      enabled: readable,
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<string, string>();
  others.forEach((id, i) => {
    const data = answers[i]?.data;
    const name = data ? userLabel(model, data) : '';
    if (name) names.set(id, name);
  });
  return (id) => {
    if (id === null) return 'someone';
    if (id === user?.id) return 'You';
    return names.get(id) ?? 'another user';
  };
}
