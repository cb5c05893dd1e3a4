import { FileWarning, Plus, ScanSearch } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  leakCasePageTexts as texts,
  leakCaseStatuses,
  leakCaseStatusLabels,
  type LeakCase,
  type LeakCaseStatus,
} from '@app/shared/leak-cases';
import { ListLoadError } from '../../components/list-load-error';
import { PageLayout } from '../../components/page-layout';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClasses } from '../../components/ui/form/field-classes';
import { useLeakCases } from './api/get-leak-cases';
import { CaseDates } from './components/case-dates';
import { CaseStatusBadge } from './components/case-status-badge';

const isStatus = (value: string | null): value is LeakCaseStatus =>
  (leakCaseStatuses as readonly string[]).includes(value ?? '');

function CaseRow({ item }: { item: LeakCase }) {
  return (
    <li>
      <Link
        to={`/leaks/cases/${item.id}`}
        className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-4 transition-colors hover:border-rose-300 hover:bg-rose-50/60 focus-visible:outline-2 focus-visible:outline-rose-600 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800 dark:hover:border-rose-500/40 dark:hover:bg-rose-500/10"
      >
        <span className="min-w-0">
          <span className="block font-semibold break-words text-zinc-900 dark:text-white">{item.title}</span>
          <span className="block text-sm break-words text-zinc-600 dark:text-zinc-400">{item.hostName}</span>
          <CaseDates item={item} className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" />
        </span>
        <CaseStatusBadge status={item.status} className="self-start" />
      </Link>
    </li>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <FileWarning aria-hidden="true" className="size-10 text-rose-500" />
      <h2 className="font-semibold text-zinc-900 dark:text-white">{texts.emptyTitle}</h2>
      <p className="max-w-lg text-sm text-zinc-600 dark:text-zinc-400">{texts.emptyText}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/leaks/trace" className={buttonClasses('primary')}>
          <ScanSearch aria-hidden="true" className="size-4" /> {texts.traceLink}
        </Link>
        <Link to="/leaks/cases/new" className={buttonClasses('outline')}>
          <Plus aria-hidden="true" className="size-4" /> {texts.addByHand}
        </Link>
      </div>
    </div>
  );
}

/** /leaks/cases: her leak cases, newest first, with a status filter kept in the address (?status=). */
export function LeakCasesPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = isStatus(asked) ? asked : undefined;
  const cases = useLeakCases(status);

  return (
    <PageLayout
      title={texts.listTitle}
      description={texts.listDescription}
      actions={
        <>
          <Link to="/leaks/trace" className={buttonClasses('outline')}>
            <ScanSearch aria-hidden="true" className="size-4" /> {texts.traceLink}
          </Link>
          <Link to="/leaks/cases/new" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" /> {texts.addByHand}
          </Link>
        </>
      }
    >
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-col gap-1.5 sm:max-w-xs">
          <label htmlFor="leak-case-filter" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {texts.filterLabel}
          </label>
          <select
            id="leak-case-filter"
            className={inputClasses}
            value={status ?? ''}
            onChange={(event) =>
              setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">{texts.filterAll}</option>
            {leakCaseStatuses.map((value) => (
              <option key={value} value={value}>
                {leakCaseStatusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        {cases.isPending ? (
          <div role="status">
            <span className="sr-only">{texts.loading}</span>
            <div aria-hidden="true" className="h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
          </div>
        ) : cases.error ? (
          <ListLoadError title={texts.loadFailed} error={cases.error} onRetry={() => void cases.refetch()} />
        ) : cases.data.length === 0 ? (
          status ? (
            <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">{texts.emptyFiltered}</p>
          ) : (
            <EmptyState />
          )
        ) : (
          <ul aria-label={texts.listLabel} className="space-y-3">
            {cases.data.map((item) => (
              <CaseRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </Card>
    </PageLayout>
  );
}
