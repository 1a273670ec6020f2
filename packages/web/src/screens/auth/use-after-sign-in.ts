import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SESSION_KEY } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';

/** Where to go once signed in: back where sign-in was asked for (`?next=`), else home. */
export function useAfterSignIn() {
  const { api } = useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = search.get('next');
  // Only a path of this application: never an address elsewhere (an open redirect).
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  return async () => {
    const user = await api.me();
    // What was read as a visitor may differ once signed in: it is read again when needed.
    client.removeQueries({
      predicate: (q) => !['model', SESSION_KEY[0]].includes(String(q.queryKey[0])),
    });
    client.setQueryData(SESSION_KEY, user);
    await navigate(target, { replace: true });
  };
}
