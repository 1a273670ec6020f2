import type { AppModel } from '@specrun/model';
import { useQuery } from '@tanstack/react-query';

async function fetchModel(): Promise<AppModel> {
  const response = await fetch('/api/_model', { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The application model could not be loaded (${response.status}).`);
  return (await response.json()) as AppModel;
}

/** The application model the server runs, loaded once and kept for the session. */
export function useModel() {
  return useQuery({ queryKey: ['model'], queryFn: fetchModel, staleTime: Infinity });
}
