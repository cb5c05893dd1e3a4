import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { UserAnalyticsReport } from '@app/shared/analytics-reports';
import { analyticsTexts, formatHour } from '../analytics-texts';
import {
  axisProps,
  ChartBox,
  failedColor,
  gridProps,
  seriesColors,
  sentColor,
  tooltipProps,
} from './chart-card';
import { VisuallyHiddenTable } from './visually-hidden-table';

type Hours = NonNullable<UserAnalyticsReport['advanced']>['bestHours'];

/** 24 hours (UTC): sent and failed posts as stacked bars, the user's page views as a line. */
export function BestHoursChart({ hours }: { hours: Hours }) {
  const best = hours.filter((h) => h.sent > 0).sort((a, b) => b.sent - a.sent || a.failed - b.failed)[0];
  return (
    <>
      {best && (
        <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          Most posts went out at <strong>{formatHour(best.hour)} UTC</strong> ({best.sent} sent, {best.failed}{' '}
          failed).
        </p>
      )}
      <ChartBox>
        <ComposedChart data={hours} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid {...gridProps} />
          <XAxis dataKey="hour" tickFormatter={(h: number) => String(h)} interval={1} {...axisProps} />
          <YAxis yAxisId="posts" allowDecimals={false} {...axisProps} />
          <YAxis yAxisId="activity" orientation="right" allowDecimals={false} {...axisProps} />
          <Tooltip labelFormatter={(h) => `${formatHour(Number(h))} UTC`} {...tooltipProps} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Bar
            yAxisId="posts"
            dataKey="sent"
            name="Sent"
            stackId="posts"
            fill={sentColor}
            isAnimationActive={false}
          />
          <Bar
            yAxisId="posts"
            dataKey="failed"
            name="Failed"
            stackId="posts"
            fill={failedColor}
            isAnimationActive={false}
          />
          <Line
            yAxisId="activity"
            dataKey="activity"
            name="Your page views"
            stroke={seriesColors[1]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ChartBox>
      <VisuallyHiddenTable
        caption={analyticsTexts.bestHoursDescription}
        columns={['Hour (UTC)', 'Sent', 'Failed', 'Your page views']}
        rows={hours.map((h) => [formatHour(h.hour), h.sent, h.failed, h.activity])}
      />
    </>
  );
}
