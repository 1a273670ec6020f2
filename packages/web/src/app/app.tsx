import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.js';
import { OverviewScreen } from '../screens/overview/overview-screen.js';
import { AppFrame } from './app-frame.js';
import { theme } from './theme.js';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** The generic app: providers, then the frame around whichever screen the route names. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppFrame>
            <Routes>
              <Route path="/" element={<OverviewScreen />} />
              <Route path="*" element={<NotFoundScreen />} />
            </Routes>
          </AppFrame>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
