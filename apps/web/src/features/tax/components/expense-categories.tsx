import type { TaxSummary } from '@app/shared/tax';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { taxPageTexts } from '../tax-texts';
import { formatMoney } from '../../../lib/format/money';

/** One bar per category, as wide as its share of the largest; the amounts are text, not just bars. */
export function ExpenseCategories({ summary }: { summary: TaxSummary }) {
  const largest = summary.expensesByCategory[0]?.totalCents ?? 0;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">
          {taxPageTexts.categoriesTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {summary.expensesByCategory.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {taxPageTexts.categoriesEmpty}
          </p>
        ) : (
          <ul aria-label={taxPageTexts.categoriesTitle} className="space-y-3">
            {summary.expensesByCategory.map((entry) => (
              <li key={entry.category}>
                <div className="flex justify-between gap-3 text-sm">
                  <span className="text-zinc-700 dark:text-zinc-300">{entry.label}</span>
                  <span className="font-medium text-zinc-900 tabular-nums dark:text-white">
                    {formatMoney(entry.totalCents, summary.currency)}
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <div
                    className="h-2 rounded-full bg-sky-600"
                    style={{ width: `${largest ? Math.max(2, (entry.totalCents / largest) * 100) : 0}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
