import type { ReactNode } from 'react';
import { getAnalytics } from './analytics';
import type { AnalyticsTracker } from './tracker';
import { AnalyticsContext } from './use-analytics';
import { useAnalyticsConsent } from './use-analytics-consent';
import { useTrackerRun, type LocationSource } from './use-tracker-run';

export type { LocationSource } from './use-tracker-run';

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
  useTrackerRun(router, tracker, useAnalyticsConsent());
  return <AnalyticsContext value={tracker}>{children}</AnalyticsContext>;
}
