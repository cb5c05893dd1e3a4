import { useState } from 'react';
import {
  analyticsReportTexts,
  defaultAnalyticsRange,
  type AnalyticsRange,
  type SiteAnalyticsReport,
} from '@app/shared/analytics-reports';
import { analyticsTexts, formatPercent, formatSeconds, numberFormat } from './analytics-texts';
import { useSiteAnalytics } from './api/get-site-analytics';
import { BarsChart } from './components/bars-chart';
import { ChartCard, EmptyState } from './components/chart-card';
import { DailyChart } from './components/daily-chart';
import { FunnelSteps } from './components/funnel-steps';
import { ReportSection } from './components/report-section';
import { StatTiles } from './components/stat-tiles';
import { TopPagesCard } from './components/top-pages-card';

/** The admin portal's site-wide analytics (the server refuses anyone but admins). */
export function SiteAnalyticsSection() {
  const [range, setRange] = useState<AnalyticsRange>(defaultAnalyticsRange);
  const report = useSiteAnalytics(range);

  return (
    <ReportSection
      id="site-analytics-title"
      title={analyticsTexts.siteTitle}
      description={analyticsTexts.siteDescription}
      range={range}
      onRangeChange={setRange}
      advanced
      loadFailedTitle={analyticsTexts.siteLoadFailed}
      report={report}
    >
      {(data) => <SiteReport report={data} />}
    </ReportSection>
  );
}

function SiteReport({ report }: { report: SiteAnalyticsReport }) {
  const { totals, scrollDepth } = report;
  if (totals.sessions === 0) return <EmptyState>{analyticsReportTexts.noSiteData}</EmptyState>;
  return (
    <>
      <StatTiles
        label="Site totals for the range"
        stats={[
          { label: 'Visitors', value: numberFormat.format(totals.visitors) },
          { label: 'Sessions', value: numberFormat.format(totals.sessions) },
          { label: 'Page views', value: numberFormat.format(totals.pageViews) },
          { label: 'Average time on page', value: formatSeconds(totals.averageTimeOnPage) },
          {
            label: 'Landing → first caption',
            value: formatPercent(
              report.funnel[0]!.count ? report.funnel[2]!.count / report.funnel[0]!.count : null,
            ),
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={analyticsTexts.visitors}
          description={analyticsTexts.visitorsDescription}
          className="lg:col-span-2"
        >
          <DailyChart
            caption="Visitors, sessions and page views per day"
            data={report.perDay}
            series={[
              { key: 'visitors', name: 'Visitors' },
              { key: 'sessions', name: 'Sessions' },
              { key: 'pageViews', name: 'Page views' },
            ]}
          />
        </ChartCard>
        <TopPagesCard pages={report.topPages} caption="Most viewed pages" />
        <ChartCard
          title={analyticsTexts.referrers}
          description={analyticsTexts.referrersDescription}
          empty={
            report.referrers.length === 0 ? <EmptyState>{analyticsTexts.noReferrers}</EmptyState> : undefined
          }
        >
          <BarsChart
            caption="Sessions per referring site"
            data={report.referrers}
            category="host"
            categoryLabel="Site"
            series={[{ key: 'sessions', name: 'Sessions' }]}
          />
        </ChartCard>
        <ChartCard
          title={analyticsTexts.scrollDepth}
          description={analyticsTexts.scrollDepthDescription}
          empty={
            scrollDepth.pageEnds === 0 ? <EmptyState>{analyticsTexts.noPageEnds}</EmptyState> : undefined
          }
        >
          <BarsChart
            caption={`Share of ${scrollDepth.pageEnds} page exits that reached each scroll depth`}
            data={scrollDepth.reached.map((r) => ({ depth: `${r.depth}%`, share: r.share ?? 0 }))}
            category="depth"
            categoryLabel="Depth reached"
            series={[{ key: 'share', name: 'Share of page exits' }]}
            format={formatPercent}
            domainMax={1}
          />
        </ChartCard>
        <ChartCard title={analyticsTexts.funnel} description={analyticsTexts.funnelDescription}>
          <FunnelSteps steps={report.funnel} />
        </ChartCard>
      </div>
    </>
  );
}
