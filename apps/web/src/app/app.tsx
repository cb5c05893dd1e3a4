import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AnalyticsProvider } from '../lib/analytics/analytics-provider';
import { createQueryClient } from '../lib/query-client';
import { AccountTheme } from '../lib/use-account-theme';
import { AppProviders } from './providers';
import { routes } from './routes';

type Runtime = { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient };
let runtime: Runtime | null = null;

// Created on first render rather than at import, so a failure here reaches the root error boundary;
// kept in a module variable so Strict Mode's double render does not create a second router.
function getRuntime(): Runtime {
  if (runtime) return runtime;
  const queryClient = createQueryClient({
    // The query client has already logged out; docs/product.md#access-and-roles sends the user to / (skipped on / and /login).
    onSessionLost: () => void router.navigate('/', { replace: true }),
  });
  const router = createBrowserRouter(routes);
  runtime = { router, queryClient };
  return runtime;
}

export function App() {
  const { router, queryClient } = getRuntime();
  return (
    <AppProviders queryClient={queryClient}>
      <AnalyticsProvider router={router}>
        <AccountTheme />
        <RouterProvider router={router} />
      </AnalyticsProvider>
    </AppProviders>
  );
}
