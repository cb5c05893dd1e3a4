import { useEffect, useSyncExternalStore } from 'react';
import type { EarlyEventRecorder } from './early-events';
import type { AnalyticsTracker } from './tracker';
import type { AnalyticsConsent } from './use-analytics-consent';

/** The part of a React Router data router the provider listens to (browser and memory routers both fit). */
export interface LocationSource {
  subscribe: (listener: () => void) => () => void;
  state: { location: { pathname: string } };
}

/**
 * Runs the tracker: page_view on every route change, nothing at all while consent is off. What
 * `early` recorded before the tracker's code arrived is recorded first, with its own times.
 */
export function useTrackerRun(
  router: LocationSource,
  tracker: AnalyticsTracker,
  consent: AnalyticsConsent,
  early?: EarlyEventRecorder,
) {
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);

  useEffect(() => {
    if (consent === 'off') return tracker.disable();
    if (!tracker.isEnabled) {
      tracker.enable();
      if (early) tracker.replay(early.take());
    }
    tracker.setHeld(consent === 'pending');
  }, [tracker, consent, early]);

  useEffect(() => {
    if (consent !== 'off') tracker.pageView(pathname, document.title);
  }, [tracker, pathname, consent]);

  useEffect(() => () => tracker.disable(), [tracker]);
}
