import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { getAnalytics } from './analytics';
import type { AnalyticsTracker } from './tracker';
import { AnalyticsContext } from './use-analytics';
import { useAnalyticsConsent } from './use-analytics-consent';

/** The part of a React Router data router the provider listens to (browser and memory routers both fit). */
export interface LocationSource {
  subscribe: (listener: () => void) => () => void;
  state: { location: { pathname: string } };
}

interface AnalyticsProviderProps {
  router: LocationSource;
  tracker?: AnalyticsTracker;
  children: ReactNode;
}

/**
 * docs/product.md#analytics: runs the tracker for the whole app: page_view on every route change, off while the
 * signed-in user's usageAnalytics setting is false (taking effect as soon as it is saved).
 */
export function AnalyticsProvider({ router, tracker = getAnalytics(), children }: AnalyticsProviderProps) {
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  const consent = useAnalyticsConsent();

  useEffect(() => {
    if (consent === 'off') return tracker.disable();
    tracker.enable();
    tracker.setHeld(consent === 'pending');
  }, [tracker, consent]);

  useEffect(() => {
    if (consent !== 'off') tracker.pageView(pathname, document.title);
  }, [tracker, pathname, consent]);

  useEffect(() => () => tracker.disable(), [tracker]);

  return <AnalyticsContext value={tracker}>{children}</AnalyticsContext>;
}
