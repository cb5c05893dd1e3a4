import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TaxSummary } from '@app/shared/tax';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { monthNames } from '../lib/money';
import { taxPageTexts } from '../tax-texts';
import { formatMoney } from '../../../lib/format/money';

const colors = [
  '#e11d48',
  '#0284c7',
  '#059669',
  '#d97706',
  '#7c3aed',
  '#64748b',
  '#db2777',
  '#0d9488',
  '#ca8a04',
];
const axis = {
  tick: { fill: 'currentColor', fontSize: 12 },
  stroke: 'currentColor',
  tickLine: false,
} as const;
// Beyond this many platforms the rest are drawn as one "Other platforms" series (the table lists all).
const maxSeries = 8;

/**
 * Stacked monthly bars, one colour per platform. The drawing is hidden from assistive technology;
 * the table below carries every figure.
 */
export function IncomeChart({ summary }: { summary: TaxSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  const shown = summary.incomeByPlatform.slice(0, maxSeries);
  const rest = summary.incomeByPlatform.slice(maxSeries);
  const series = [...shown.map((p) => ({ name: p.platform, months: p.months }))];
  if (rest.length) {
    series.push({
      name: 'Other platforms',
      months: monthNames.map((_, m) => rest.reduce((sum, p) => sum + p.months[m]!, 0)),
    });
  }
  const data = monthNames.map((month, m) => ({
    month,
    ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.months[m]! / 100])),
  }));
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">{taxPageTexts.chartTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.incomeByPlatform.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {taxPageTexts.chartEmpty}
          </p>
        ) : (
          <>
            <div aria-hidden="true" className="h-64 w-full text-zinc-500 dark:text-zinc-400">
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 256 }}>
                <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                  <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
                  <XAxis dataKey="month" {...axis} />
                  <YAxis
                    tickFormatter={(value: number) => money(Math.round(value * 100))}
                    width={80}
                    {...axis}
                  />
                  <Tooltip
                    formatter={(value) => money(Math.round(Number(value) * 100))}
                    contentStyle={{ borderRadius: 8, fontSize: 12, color: '#18181b' }}
                  />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  {series.map((s, i) => (
                    <Bar
                      key={s.name}
                      dataKey={`s${i}`}
                      name={s.name}
                      stackId="income"
                      fill={colors[i % colors.length]}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            <details className="mt-4 text-sm">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
                Show the figures as a table
              </summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-xs tabular-nums">
                  <caption className="sr-only">{`${taxPageTexts.chartTitle}, ${summary.year}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="py-1 pr-3">
                        Platform
                      </th>
                      {monthNames.map((month) => (
                        <th key={month} scope="col" className="px-1 py-1 text-right">
                          {month}
                        </th>
                      ))}
                      <th scope="col" className="py-1 pl-3 text-right">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.incomeByPlatform.map((platform) => (
                      <tr key={platform.platform} className="border-t border-zinc-200 dark:border-zinc-800">
                        <th scope="row" className="py-1 pr-3 font-medium">
                          {platform.platform}
                        </th>
                        {platform.months.map((cents, m) => (
                          <td key={monthNames[m]} className="px-1 py-1 text-right">
                            {cents ? money(cents) : '–'}
                          </td>
                        ))}
                        <td className="py-1 pl-3 text-right font-medium">{money(platform.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
