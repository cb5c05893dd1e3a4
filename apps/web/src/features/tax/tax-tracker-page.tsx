import { lazy, Suspense } from 'react';
import { Download, Info } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '../../components/list-load-error';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { useExportTaxCsv } from './api/export-tax-csv';
import { useTaxProfile } from './api/tax-profile';
import { useTaxSummary } from './api/tax-summary';
import { EntryList } from './components/entry-lists';
import { ExpenseCategories } from './components/expense-categories';
import { QuartersTable } from './components/quarters-table';
import { SummaryCards } from './components/summary-cards';
import { TaxRateCard } from './components/tax-rate-card';
import { taxYearChoices, YearPicker } from './components/year-picker';
import { taxPageTexts } from './tax-texts';

// recharts is large: it loads after the page's heading and figures, not before.
const IncomeChart = lazy(() =>
  import('./components/income-chart').then((module) => ({ default: module.IncomeChart })),
);

/** The year from ?year=, when it is one the picker offers; else this year. */
function useTaxYear(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = taxYearChoices().includes(asked) ? asked : new Date().getFullYear();
  return [year, (next) => setParams({ year: String(next) }, { replace: true })];
}

function SummaryLoading() {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <span className="sr-only">{taxPageTexts.loading}</span>
      {[0, 1, 2, 3, 4].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800"
        />
      ))}
    </div>
  );
}

/** docs/product.md#tax-tracker: income, expenses with receipts, quarterly estimates and the CSV for an accountant. */
export function TaxTrackerPage() {
  const [year, setYear] = useTaxYear();
  const summary = useTaxSummary(year);
  const profile = useTaxProfile();
  const exportCsv = useExportTaxCsv();
  const currency = summary.data?.currency ?? profile.data?.currency ?? 'usd';

  return (
    <PageLayout
      title={taxPageTexts.title}
      description={taxPageTexts.description}
      actions={
        <>
          <YearPicker year={year} onChange={setYear} />
          <Button
            variant="outline"
            disabled={exportCsv.isPending}
            aria-busy={exportCsv.isPending || undefined}
            onClick={() => exportCsv.mutate(year)}
          >
            <Download aria-hidden="true" className="size-4" />
            {exportCsv.isPending ? taxPageTexts.exporting : taxPageTexts.exportCsv}
          </Button>
        </>
      }
    >
      <p
        role="note"
        className="mb-6 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {taxPageTexts.disclaimer}
      </p>
      <div className="space-y-6">
        {summary.isPending ? (
          <SummaryLoading />
        ) : summary.error ? (
          <ListLoadError
            title={taxPageTexts.summaryFailed}
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        ) : (
          <>
            <SummaryCards summary={summary.data} />
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <Suspense
                  fallback={
                    <div
                      aria-hidden="true"
                      className="h-80 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800"
                    />
                  }
                >
                  <IncomeChart summary={summary.data} />
                </Suspense>
              </div>
              <ExpenseCategories summary={summary.data} />
            </div>
            <QuartersTable summary={summary.data} />
          </>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <EntryList kind="income" year={year} currency={currency} />
          <EntryList kind="expense" year={year} currency={currency} />
        </div>
        {profile.data && <TaxRateCard key={profile.data.rateBasisPoints} profile={profile.data} />}
        {profile.error && (
          <ListLoadError
            title="Your tax rate could not be loaded"
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        )}
      </div>
    </PageLayout>
  );
}
