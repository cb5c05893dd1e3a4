import { analyticsReportTexts, type TopPage } from '@app/shared/analytics-reports';
import { analyticsTexts } from '../analytics-texts';
import { BarsChart } from './bars-chart';
import { ChartCard, EmptyState } from './chart-card';

/** The most viewed pages, in both the user's and the site's report. */
export function TopPagesCard({ pages, caption }: { pages: TopPage[]; caption: string }) {
  return (
    <ChartCard
      title={analyticsTexts.topPages}
      empty={pages.length === 0 ? <EmptyState>{analyticsReportTexts.noPageViews}</EmptyState> : undefined}
    >
      <BarsChart
        caption={caption}
        data={pages}
        category="page"
        categoryLabel="Page"
        series={[{ key: 'views', name: 'Views' }]}
      />
    </ChartCard>
  );
}
