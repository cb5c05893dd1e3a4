import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { numberFormat } from '../analytics-texts';
import { axisProps, ChartBox, gridProps, seriesColors, tooltipProps } from './chart-card';
import { CategoryTick } from './category-tick';
import { VisuallyHiddenTable } from './visually-hidden-table';

/** Room for "/reddit/communities" at 12 px; longer labels are cut at the end (category-tick). */
const categoryWidth = 150;

export interface BarSeries<K extends string> {
  key: K;
  name: string;
  color?: string;
}

/** Horizontal bars, one row per category (platform, subreddit, page…); several series stack. */
export function BarsChart<C extends string, K extends string>({
  caption,
  data,
  category,
  categoryLabel,
  series,
  format = (value) => numberFormat.format(value),
  domainMax,
}: {
  caption: string;
  data: (Record<C, string> & Record<K, number>)[];
  category: C;
  categoryLabel: string;
  series: BarSeries<K>[];
  format?: (value: number) => string;
  /** A fixed end of the value axis, e.g. 1 for shares. */
  domainMax?: number;
}) {
  const height = Math.max(120, data.length * 36 + (series.length > 1 ? 72 : 40));
  return (
    <>
      <ChartBox height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid {...gridProps} vertical horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={domainMax !== undefined}
            domain={[0, domainMax ?? 'auto']}
            tickFormatter={format}
            {...axisProps}
          />
          <YAxis
            type="category"
            dataKey={category}
            width={categoryWidth}
            {...axisProps}
            tick={(props: Record<string, unknown>) => <CategoryTick {...props} width={categoryWidth} />}
          />
          <Tooltip formatter={(value) => format(Number(value))} {...tooltipProps} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="stack"
              fill={s.color ?? seriesColors[i % seriesColors.length]}
              maxBarSize={22}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartBox>
      <VisuallyHiddenTable
        caption={caption}
        columns={[categoryLabel, ...series.map((s) => s.name)]}
        rows={data.map((row) => [row[category], ...series.map((s) => format(row[s.key]))])}
      />
    </>
  );
}
