import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { ReplayTutorialContext } from '../lib/replay-tutorial-context';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the pages rely on besides the router; tests wrap their memory routers in it too. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { resolvedTheme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {/* The onboarding feature will supply the replay handler; until then the menu item stays hidden. */}
      <ReplayTutorialContext value={null}>{children}</ReplayTutorialContext>
      {/* docs/product.md#access-and-roles: only one toast is visible at a time. */}
      <Toaster visibleToasts={1} theme={resolvedTheme} richColors closeButton />
    </QueryClientProvider>
  );
}
