import { useState } from 'react';
import { Link } from 'react-router';
import {
  analyticsReportTexts,
  defaultAnalyticsRange,
  type AnalyticsRange,
  type UserAnalyticsReport,
} from '@app/shared/analytics-reports';
import { hasRight } from '@app/shared/plans';
import { Button } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session-context';
import { analyticsTexts, formatSeconds, numberFormat } from './analytics-texts';
import { useUserAnalytics } from './api/get-user-analytics';
import { BarsChart } from './components/bars-chart';
import { BestHoursChart } from './components/best-hours-chart';
import { ChartCard, EmptyState, failedColor, sentColor } from './components/chart-card';
import { DailyChart } from './components/daily-chart';
import { LockedPanel } from './components/locked-panel';
import { ReportSection } from './components/report-section';
import { StatTiles } from './components/stat-tiles';
import { TopPagesCard } from './components/top-pages-card';
import { SubredditSuccessChart } from './components/subreddit-success-chart';

/** The dashboard's analytics: basic for every plan, the advanced charts for Pro (locked for others). */
export function UserAnalyticsSection() {
  const user = useSessionUser();
  const advanced = user ? hasRight(user, 'advancedAnalytics') : false;
  const [range, setRange] = useState<AnalyticsRange>(defaultAnalyticsRange);
  const report = useUserAnalytics(range);

  return (
    <ReportSection
      id="user-analytics-title"
      title={analyticsTexts.userTitle}
      description={analyticsTexts.userDescription}
      range={range}
      onRangeChange={setRange}
      advanced={advanced}
      loadFailedTitle={analyticsReportTexts.loadFailed}
      report={report}
    >
      {(data) => <UserReport report={data} />}
    </ReportSection>
  );
}

function UserReport({ report }: { report: UserAnalyticsReport }) {
  const { totals } = report;
  const postsEmpty = (
    <EmptyState
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/reddit">{analyticsTexts.scheduleLink}</Link>
        </Button>
      }
    >
      {analyticsReportTexts.noPosts}
    </EmptyState>
  );
  return (
    <>
      <StatTiles
        label="Totals for the range"
        stats={[
          { label: 'Page views', value: numberFormat.format(totals.pageViews) },
          { label: 'Captions generated', value: numberFormat.format(totals.generations) },
          { label: 'Posts sent', value: numberFormat.format(totals.postsSent) },
          { label: 'Posts failed', value: numberFormat.format(totals.postsFailed) },
          { label: 'Average time on page', value: formatSeconds(totals.averageTimeOnPage) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={analyticsTexts.pageActivity}
          description={analyticsTexts.pageActivityDescription}
          empty={
            totals.pageViews === 0 ? <EmptyState>{analyticsReportTexts.noPageViews}</EmptyState> : undefined
          }
        >
          <DailyChart
            caption="Page views per day"
            data={report.perDay}
            series={[{ key: 'pageViews', name: 'Page views' }]}
          />
        </ChartCard>
        <TopPagesCard pages={report.topPages} caption="Your most visited pages" />
        <ChartCard
          title={analyticsTexts.generations}
          description={analyticsTexts.generationsDescription}
          empty={
            totals.generations === 0 ? (
              <EmptyState
                action={
                  <Button asChild variant="outline" size="sm">
                    <Link to="/caption-generator">{analyticsTexts.composeLink}</Link>
                  </Button>
                }
              >
                {analyticsReportTexts.noGenerations}
              </EmptyState>
            ) : undefined
          }
        >
          <BarsChart
            caption="Captions generated per platform"
            data={report.generationsPerPlatform}
            category="platform"
            categoryLabel="Platform"
            series={[{ key: 'count', name: 'Captions' }]}
          />
        </ChartCard>
        <ChartCard
          title={analyticsTexts.posts}
          description={analyticsTexts.postsDescription}
          empty={report.postsPerSubreddit.length === 0 ? postsEmpty : undefined}
        >
          <BarsChart
            caption="Reddit posts sent and failed per subreddit"
            data={report.postsPerSubreddit.map((row) => ({ ...row, subreddit: `r/${row.subreddit}` }))}
            category="subreddit"
            categoryLabel="Subreddit"
            series={[
              { key: 'sent', name: 'Sent', color: sentColor },
              { key: 'failed', name: 'Failed', color: failedColor },
            ]}
          />
        </ChartCard>
        <ChartCard
          title="Captions and posts per day"
          className="lg:col-span-2"
          empty={
            totals.generations + totals.postsSent + totals.postsFailed === 0 ? (
              <EmptyState>{analyticsTexts.noDailyActivity}</EmptyState>
            ) : undefined
          }
        >
          <DailyChart
            caption="Captions generated and posts sent and failed per day"
            data={report.perDay}
            series={[
              { key: 'generations', name: 'Captions' },
              { key: 'postsSent', name: 'Posts sent', color: sentColor },
              { key: 'postsFailed', name: 'Posts failed', color: failedColor },
            ]}
          />
        </ChartCard>
        {report.advanced ? (
          <>
            <ChartCard
              title={analyticsTexts.successOverTime}
              description={analyticsTexts.successOverTimeDescription}
              empty={report.advanced.subredditSuccess.length === 0 ? postsEmpty : undefined}
            >
              <SubredditSuccessChart
                weeks={report.advanced.weeks}
                series={report.advanced.subredditSuccess}
              />
            </ChartCard>
            <ChartCard title={analyticsTexts.bestHours} description={analyticsTexts.bestHoursDescription}>
              <BestHoursChart hours={report.advanced.bestHours} />
            </ChartCard>
          </>
        ) : (
          <LockedPanel />
        )}
      </div>
    </>
  );
}
