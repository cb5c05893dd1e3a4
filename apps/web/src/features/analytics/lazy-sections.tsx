import { lazy, Suspense } from 'react';
import { RenderWhenNear } from '../../components/render-when-near';
import { Spinner } from '../../components/ui/spinner';
import { analyticsTexts } from './analytics-texts';

// recharts is large: the pages render at once and the charts' code arrives in its own chunk.
const UserAnalyticsSection = lazy(() =>
  import('./user-analytics-section').then((module) => ({ default: module.UserAnalyticsSection })),
);
const SiteAnalyticsSection = lazy(() =>
  import('./site-analytics-section').then((module) => ({ default: module.SiteAnalyticsSection })),
);

const fallback = <Spinner label={analyticsTexts.loading} className="mt-8 py-16" />;

/**
 * At the foot of the dashboard: the charts' code loads when she scrolls near them (a phone opening
 * the dashboard does not fetch and run recharts for charts it does not show).
 */
export function LazyUserAnalyticsSection() {
  return (
    <RenderWhenNear placeholder={fallback}>
      <Suspense fallback={fallback}>
        <UserAnalyticsSection />
      </Suspense>
    </RenderWhenNear>
  );
}

export function LazySiteAnalyticsSection() {
  return (
    <Suspense fallback={fallback}>
      <SiteAnalyticsSection />
    </Suspense>
  );
}
