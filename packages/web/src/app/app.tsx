import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isUnauthenticated } from '../api/api-error.js';
import { SESSION_KEY } from '../api/use-session.js';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useModel } from '../api/use-model.js';
import { LoadError } from '../ui/load-error.js';
import { ScreenSkeleton } from '../ui/screen-skeleton.js';
import { ToastProvider } from '../ui/toasts.js';
import { AppProvider } from './app-context.js';
import { AppFrame } from './app-frame.js';
import { AppRoutes } from './app-routes.js';
import { LoadedFrame } from './loaded-frame.js';
import { cssVariables, theme } from './theme.js';

// A 401 where a session was expected means it ended (expired, or signed out elsewhere): ask who
// is signed in again, so that the header and the screens stop offering what needs one.
const sessionEnded = (error: unknown) => {
  if (isUnauthenticated(error) && queryClient.getQueryData(SESSION_KEY))
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: sessionEnded }),
  mutationCache: new MutationCache({ onError: sessionEnded }),
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; only a lost connection might.
      retry: (count, error) =>
        count < 1 && !(error instanceof Error && 'status' in error && Number(error.status) >= 400),
      refetchOnWindowFocus: false,
    },
  },
});

/** Loads the application model, then runs the app it describes. */
function ModelGate() {
  const model = useModel();
  if (model.isError)
    return (
      <AppFrame>
        <LoadError error={model.error} onRetry={() => void model.refetch()} />
      </AppFrame>
    );
  if (!model.data)
    return (
      <AppFrame>
        <ScreenSkeleton />
      </AppFrame>
    );
  return (
    <AppProvider model={model.data}>
      <LoadedFrame>
        <AppRoutes />
      </LoadedFrame>
    </AppProvider>
  );
}

// A data router, for its navigation blocker (a form asks before its changes are lost); the
// screens' own routes are declared below it, from the model, once it has loaded.
const router = createBrowserRouter([{ path: '*', element: <ModelGate /> }]);

/** The generic app: providers, then whatever application the server's model describes. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
