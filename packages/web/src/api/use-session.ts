import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context.js';
import { callerRoles } from '@specrun/model';
import type { SessionUser } from '../model/access.js';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in: `user` is null for a visitor, undefined while it is being asked. */
export interface Session {
  user: SessionUser | null | undefined;
  roles: string[];
  loading: boolean;
}

/** The signed-in user (GET /api/_session), asked once and kept until sign-in or sign-out change it. */
export function useSession(): Session {
  const { api } = useApp();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => api.me(),
    staleTime: 5 * 60_000,
    // Every screen asks who is signed in: one answer serves them all, even a failed one.
    refetchOnMount: false,
    retryOnMount: false,
  });
  const user = query.isError ? null : query.data;
  return { user, roles: callerRoles(user), loading: query.isPending };
}
