import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { User } from '@app/shared/user';
import { AnalyticsProvider } from '../lib/analytics/analytics-provider';
import { createQueryClient, currentUserQueryKey } from '../lib/query-client';
import { AccountTheme } from '../lib/use-account-theme';
import { AppProviders } from './providers';
import { routes } from './routes';

type Runtime = { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient };
let runtime: Runtime | null = null;

// Created on first render rather than at import, so a failure here reaches the root error boundary;
// kept in a module variable so Strict Mode's double render does not create a second router.
function getRuntime(initialUser: User | undefined): Runtime {
  if (runtime) return runtime;
  const queryClient = createQueryClient({
    // The query client has already logged out; docs/product.md#access-and-roles sends the user to / (skipped on / and /login).
    onSessionLost: () => void router.navigate('/', { replace: true }),
  });
  // The entry looked the user up already (boot.tsx): the shell starts with the answer, no second request.
  if (initialUser) queryClient.setQueryData(currentUserQueryKey, initialUser);
  const router = createBrowserRouter(routes);
  runtime = { router, queryClient };
  return runtime;
}

/** The whole app with the signed-in shell; boot.tsx loads it for signed-in users. */
export function App({ initialUser }: { initialUser?: User }) {
  const { router, queryClient } = getRuntime(initialUser);
  return (
    <AppProviders queryClient={queryClient}>
      <AnalyticsProvider router={router}>
        <AccountTheme />
        <RouterProvider router={router} />
      </AnalyticsProvider>
    </AppProviders>
  );
}
