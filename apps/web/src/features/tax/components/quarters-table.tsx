import type { TaxSummary } from '@app/shared/tax';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { taxPageTexts } from '../tax-texts';
import { formatMoney } from '../../../lib/format/money';
import { formatDay } from '../../../lib/format/date-time';

/** The four US estimated-tax periods with what each one's profit suggests paying. */
export function QuartersTable({ summary }: { summary: TaxSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">
          {taxPageTexts.quartersTitle}
        </CardTitle>
        <CardDescription>{summary.quarterBasis}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{`${taxPageTexts.quartersTitle}, ${summary.year}`}</caption>
          <thead className="text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Quarter
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Period
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Due
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Income
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Expenses
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Net
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Estimated tax
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.quarters.map((quarter) => (
              <tr key={quarter.quarter} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" className="py-2 pr-3 font-medium text-zinc-900 dark:text-white">
                  {quarter.label}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{`${formatDay(quarter.startsOn)} – ${formatDay(quarter.endsOn)}`}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDay(quarter.dueOn)}</td>
                <td className="py-2 pr-3 text-right">{money(quarter.incomeCents)}</td>
                <td className="py-2 pr-3 text-right">{money(quarter.expensesCents)}</td>
                <td className="py-2 pr-3 text-right">{money(quarter.netCents)}</td>
                <td className="py-2 text-right font-medium text-zinc-900 dark:text-white">
                  {money(quarter.estimatedTaxCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{summary.rounding}</p>
      </CardContent>
    </Card>
  );
}
