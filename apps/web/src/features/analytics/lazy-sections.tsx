import { lazy, Suspense } from 'react';
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

export function LazyUserAnalyticsSection() {
  return (
    <Suspense fallback={fallback}>
      <UserAnalyticsSection />
    </Suspense>
  );
}

export function LazySiteAnalyticsSection() {
  return (
    <Suspense fallback={fallback}>
      <SiteAnalyticsSection />
    </Suspense>
  );
}
