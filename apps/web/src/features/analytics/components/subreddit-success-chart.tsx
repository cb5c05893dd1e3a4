import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { UserAnalyticsReport } from '@app/shared/analytics-reports';
import { analyticsTexts, formatShortDay, formatPercent } from '../analytics-texts';
import { axisProps, ChartBox, gridProps, seriesColors, tooltipProps } from './chart-card';
import { VisuallyHiddenTable } from './visually-hidden-table';

type Advanced = NonNullable<UserAnalyticsReport['advanced']>;

/** One line per subreddit: the share of its posts sent in each week; weeks without posts are skipped. */
export function SubredditSuccessChart({
  weeks,
  series,
}: {
  weeks: string[];
  series: Advanced['subredditSuccess'];
}) {
  const data = weeks.map((week, i) => ({
    week,
    ...Object.fromEntries(series.map((s) => [s.subreddit, s.points[i]?.successRate ?? null])),
  }));
  return (
    <>
      <ChartBox>
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid {...gridProps} />
          <XAxis dataKey="week" tickFormatter={formatShortDay} {...axisProps} />
          <YAxis domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} {...axisProps} />
          <Tooltip
            labelFormatter={(week) => `Week of ${formatShortDay(String(week))}`}
            formatter={(value) => formatPercent(value === null || value === undefined ? null : Number(value))}
            {...tooltipProps}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {series.map((s, i) => (
            <Line
              key={s.subreddit}
              dataKey={s.subreddit}
              name={`r/${s.subreddit}`}
              stroke={seriesColors[i % seriesColors.length]}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ChartBox>
      <VisuallyHiddenTable
        caption={analyticsTexts.successOverTimeDescription}
        columns={['Week of', ...series.map((s) => `r/${s.subreddit}`)]}
        rows={weeks.map((week, i) => [
          formatShortDay(week),
          ...series.map((s) => {
            const point = s.points[i];
            if (!point || point.sent + point.failed === 0) return 'No posts';
            return `${formatPercent(point.successRate)} (${point.sent} of ${point.sent + point.failed})`;
          }),
        ])}
      />
    </>
  );
}
