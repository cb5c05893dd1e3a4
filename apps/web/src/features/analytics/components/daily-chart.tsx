import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDay, numberFormat } from '../analytics-texts';
import { axisProps, ChartBox, gridProps, seriesColors, tooltipProps } from './chart-card';
import { VisuallyHiddenTable } from './visually-hidden-table';

export interface Series<K extends string> {
  key: K;
  name: string;
  color?: string;
}

/** Per-day series as areas (one per series), with every day listed in the hidden table. */
export function DailyChart<K extends string>({
  caption,
  data,
  series,
}: {
  caption: string;
  data: ({ date: string } & Record<K, number>)[];
  series: Series<K>[];
}) {
  return (
    <>
      <ChartBox>
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid {...gridProps} />
          <XAxis dataKey="date" tickFormatter={formatShortDay} minTickGap={24} {...axisProps} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip labelFormatter={(day) => formatShortDay(String(day))} {...tooltipProps} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
          {series.map((s, i) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color ?? seriesColors[i % seriesColors.length]}
              fill={s.color ?? seriesColors[i % seriesColors.length]}
              fillOpacity={series.length > 1 ? 0.08 : 0.15}
              // Series with equal values would hide each other: dashes keep the one below visible.
              strokeDasharray={i === 0 ? undefined : i === 1 ? '6 4' : '2 3'}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ChartBox>
      <VisuallyHiddenTable
        caption={caption}
        columns={['Day', ...series.map((s) => s.name)]}
        rows={data.map((row) => [
          formatShortDay(row.date),
          ...series.map((s) => numberFormat.format(row[s.key])),
        ])}
      />
    </>
  );
}
