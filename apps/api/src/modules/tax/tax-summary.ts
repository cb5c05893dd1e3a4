import {
  estimateTaxCents,
  quarterOfMonth,
  taxCategoryLabels,
  taxQuarterPeriods,
  taxTexts,
  type TaxCurrency,
  type TaxExpenseCategory,
  type TaxSummary,
} from '@app/shared/tax';

export interface MonthTotal<K extends string> {
  key: K;
  /** 1 = January. */
  month: number;
  cents: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const emptyMonths = () => Array.from({ length: 12 }, () => 0);

/**
 * The year's figures from per-month sums. Pure integer arithmetic: sums are cents, and each tax
 * estimate is rounded once, half up (see estimateTaxCents), from the exact net of its period.
 */
export function summarizeTaxYear(input: {
  year: number;
  rateBasisPoints: number;
  currency: TaxCurrency;
  income: MonthTotal<string>[];
  expenses: MonthTotal<TaxExpenseCategory>[];
  today: string;
}): TaxSummary {
  const { year, rateBasisPoints } = input;
  const incomeByMonth = emptyMonths();
  const expensesByMonth = emptyMonths();
  const platforms = new Map<string, number[]>();
  for (const { key, month, cents } of input.income) {
    incomeByMonth[month - 1]! += cents;
    const months = platforms.get(key) ?? emptyMonths();
    months[month - 1]! += cents;
    platforms.set(key, months);
  }
  const categories = new Map<TaxExpenseCategory, number>();
  for (const { key, month, cents } of input.expenses) {
    expensesByMonth[month - 1]! += cents;
    categories.set(key, (categories.get(key) ?? 0) + cents);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  const quarters = taxQuarterPeriods.map((period) => {
    const inQuarter = (_: number, index: number) => quarterOfMonth(index + 1) === period.quarter;
    const incomeCents = sum(incomeByMonth.filter(inQuarter));
    const expensesCents = sum(expensesByMonth.filter(inQuarter));
    const netCents = incomeCents - expensesCents;
    return {
      quarter: period.quarter,
      label: `Q${period.quarter}`,
      startsOn: `${year}-${pad(period.firstMonth)}-01`,
      endsOn: `${year}-${pad(period.lastMonth)}-${pad(lastDayOf(year, period.lastMonth))}`,
      dueOn: `${year + period.dueYearOffset}-${pad(period.dueMonth)}-15`,
      incomeCents,
      expensesCents,
      netCents,
      estimatedTaxCents: estimateTaxCents(netCents, rateBasisPoints),
    };
  });
  const next = quarters.find((quarter) => quarter.dueOn >= input.today);

  const incomeCents = sum(incomeByMonth);
  const expensesCents = sum(expensesByMonth);
  return {
    year,
    currency: input.currency,
    rateBasisPoints,
    ratePercent: rateBasisPoints / 100,
    totals: {
      incomeCents,
      expensesCents,
      netCents: incomeCents - expensesCents,
      estimatedTaxCents: estimateTaxCents(incomeCents - expensesCents, rateBasisPoints),
    },
    incomeByMonth,
    incomeByPlatform: [...platforms]
      .map(([platform, months]) => ({ platform, totalCents: sum(months), months }))
      .sort((a, b) => b.totalCents - a.totalCents || a.platform.localeCompare(b.platform)),
    expensesByCategory: [...categories]
      .map(([category, totalCents]) => ({ category, label: taxCategoryLabels[category], totalCents }))
      .sort((a, b) => b.totalCents - a.totalCents || a.category.localeCompare(b.category)),
    quarters,
    nextPayment: next
      ? {
          quarter: next.quarter,
          label: next.label,
          dueOn: next.dueOn,
          estimatedTaxCents: next.estimatedTaxCents,
        }
      : null,
    quarterBasis: taxTexts.quarterBasis,
    rounding: taxTexts.rounding,
  };
}
