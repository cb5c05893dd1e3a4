import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FullScreenSpinner, Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { OnboardingProvider } from '../../features/onboarding/onboarding-provider';
import { useConnectOutcomeNotice } from '../../features/reddit/hooks/use-connect-outcome-notice';
import { SessionContext, isLookupFreePath } from '../../lib/session-context';
import { Header } from './header';

/** docs/product.md#access-and-roles: the toast after returning from linking a Reddit account, on whatever page a signed-in user lands. */
function RedditConnectNotice() {
  useConnectOutcomeNotice();
  return null;
}

/** Resolves who is signed in, then renders the header around the current page. */
export function RootLayout() {
  const { pathname } = useLocation();
  const lookupFree = isLookupFreePath(pathname);
  const { user, isLoading } = useCurrentUser({ enabled: !lookupFree });

  if (isLoading) return <FullScreenSpinner />;
  // docs/product.md#access-and-roles: a temporary password must be replaced before anything else (signing out still works).
  if (user?.mustChangePassword && pathname !== '/logout') {
    return <Navigate to={`/change-password?userId=${encodeURIComponent(user.id)}`} replace />;
  }

  return (
    <SessionContext value={user}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only rounded-lg bg-rose-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
        >
          Skip to content
        </a>
        {user && <RedditConnectNotice />}
        <OnboardingProvider user={user}>
          <Header minimal={lookupFree} />
        </OnboardingProvider>
        <main id="main-content" className="flex flex-1 flex-col">
          <Suspense fallback={<Spinner className="flex-1 py-24" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollRestoration />
    </SessionContext>
  );
}
