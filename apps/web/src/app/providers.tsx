import { useCallback, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { useTheme } from '../lib/theme';
import { currentUserQueryKey } from '../lib/query-client';
import { ReplayTutorialContext } from '../lib/replay-tutorial-context';
import { SessionRefreshContext } from '../lib/session-context';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the pages rely on besides the router; tests wrap their memory routers in it too. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { resolvedTheme } = useTheme();
  const refreshSession = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionRefreshContext value={refreshSession}>
        {/* The onboarding feature will supply the replay handler; until then the menu item stays hidden. */}
        <ReplayTutorialContext value={null}>{children}</ReplayTutorialContext>
      </SessionRefreshContext>
      {/* docs/product.md#access-and-roles: only one toast is visible at a time. */}
      <DeferredToaster visibleToasts={1} theme={resolvedTheme} richColors closeButton />
    </QueryClientProvider>
  );
}
