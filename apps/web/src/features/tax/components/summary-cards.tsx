import type { ReactNode } from 'react';
import type { TaxSummary } from '@app/shared/tax';
import { Card } from '../../../components/ui/card';
import { taxPageTexts } from '../tax-texts';
import { formatMoney } from '../../../lib/format/money';
import { formatDay } from '../../../lib/format/date-time';

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white">
        {value}
      </dd>
      {detail && <dd className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{detail}</dd>}
    </Card>
  );
}

/** The year at a glance: money in, money out, profit, the tax estimate and what is due next. */
export function SummaryCards({ summary }: { summary: TaxSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  const { totals, nextPayment } = summary;
  return (
    <dl aria-label={`Summary for ${summary.year}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Figure label={taxPageTexts.income} value={money(totals.incomeCents)} />
      <Figure label={taxPageTexts.expenses} value={money(totals.expensesCents)} />
      <Figure label={taxPageTexts.net} value={money(totals.netCents)} />
      <Figure
        label={taxPageTexts.estimatedTax}
        value={money(totals.estimatedTaxCents)}
        detail={`At ${summary.ratePercent} % of the year's net profit`}
      />
      <Figure
        label={taxPageTexts.nextPayment}
        value={nextPayment ? money(nextPayment.estimatedTaxCents) : '—'}
        detail={
          nextPayment
            ? `${nextPayment.label}, due ${formatDay(nextPayment.dueOn)}`
            : taxPageTexts.noNextPayment
        }
      />
    </dl>
  );
}
