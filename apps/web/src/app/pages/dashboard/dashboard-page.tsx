import { dashboardTexts } from '@app/shared/dashboard';
import { PageLayout } from '../../../components/page-layout';
import { PaymentReturnNotice } from '../../../features/billing/components/payment-return-notice';
import { LazyUserAnalyticsSection } from '../../../features/analytics/lazy-sections';
import { GenerationCounterCard } from './components/generation-counter-card';
import { ProPerksCard } from './components/pro-perks-card';
import { QuickActions } from './components/quick-actions';
import { RecentContentCard } from './components/recent-content-card';
import { ResultsCard } from './components/results-card';
import { ScheduledPostsCard } from './components/scheduled-posts-card';
import { StorageCard } from './components/storage-card';

/**
 * The signed-in home: each card reads its own feature's query, so one slow or failing API leaves
 * the other cards working, and going on to a feature page shows the data already cached.
 */
export function DashboardPage() {
  return (
    <PageLayout title={dashboardTexts.title} description={dashboardTexts.description}>
      <PaymentReturnNotice />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
        <GenerationCounterCard />
        <QuickActions className="md:col-span-1 xl:col-span-2" />
        <RecentContentCard />
        <ScheduledPostsCard />
        <ResultsCard />
        <div className="grid min-w-0 grid-cols-1 gap-6 md:col-span-2 md:grid-cols-2 xl:col-span-1 xl:grid-cols-1">
          <StorageCard />
          <ProPerksCard />
        </div>
      </div>
      {/* overflow-x-clip: the charts' screen-reader tables (sr-only) are wider than a phone and would scroll the page sideways. */}
      <div data-tour="analytics" className="relative mt-8 overflow-x-clip">
        <LazyUserAnalyticsSection />
      </div>
    </PageLayout>
  );
}
