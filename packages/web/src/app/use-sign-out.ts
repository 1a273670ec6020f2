import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SESSION_KEY } from '../api/use-session.js';
import { useApp } from './app-context.js';

/** Ends the session, forgets everything read with it, and goes home. */
export function useSignOut() {
  const { api } = useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.signOut(),
    onSuccess: async () => {
      // The session query stays (its screens watch it) and becomes null; the rest was read with
      // the ended session, and is forgotten.
      client.setQueryData(SESSION_KEY, null);
      client.removeQueries({
        predicate: (q) => !['model', SESSION_KEY[0]].includes(String(q.queryKey[0])),
      });
      await navigate('/');
    },
  });
}
