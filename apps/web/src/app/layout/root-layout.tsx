import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { OnboardingProvider } from '../../features/onboarding/onboarding-provider';
import { useConnectOutcomeNotice } from '../../features/reddit/hooks/use-connect-outcome-notice';
import { AccessContext } from '../../lib/access';
import { userAccess } from '../../lib/nav-links';
import { CachedUserContext, SessionContext, isLookupFreePath } from '../../lib/session-context';
import { Header } from './header';
import { LayoutFrame } from './layout-frame';

/** docs/product.md#access-and-roles: the toast after returning from linking a Reddit account, on whatever page a signed-in user lands. */
function RedditConnectNotice() {
  useConnectOutcomeNotice();
  return null;
}

/** Resolves who is signed in, then renders the header around the current page. */
export function RootLayout() {
  const { pathname } = useLocation();
  const lookupFree = isLookupFreePath(pathname);
  const { user, isLoading, cached } = useCurrentUser({ enabled: !lookupFree });

  if (isLoading) return <FullScreenSpinner />;
  // docs/product.md#access-and-roles: a temporary password must be replaced before anything else (signing out still works).
  if (user?.mustChangePassword && pathname !== '/logout') {
    return <Navigate to={`/change-password?userId=${encodeURIComponent(user.id)}`} replace />;
  }

  return (
    <SessionContext value={user}>
      <CachedUserContext value={cached}>
        <AccessContext value={userAccess}>
          <LayoutFrame
            header={
              <OnboardingProvider user={user}>
                <Header minimal={lookupFree} />
              </OnboardingProvider>
            }
          >
            {user && <RedditConnectNotice />}
          </LayoutFrame>
        </AccessContext>
      </CachedUserContext>
    </SessionContext>
  );
}
