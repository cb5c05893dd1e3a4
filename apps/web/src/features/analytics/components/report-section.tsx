import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsRange } from '@app/shared/analytics-reports';
import { ListLoadError } from '../../../components/list-load-error';
import { Spinner } from '../../../components/ui/spinner';
import { analyticsTexts } from '../analytics-texts';
import { RangePicker } from './range-picker';

interface ReportSectionProps<Report> {
  id: string;
  title: string;
  description: string;
  range: AnalyticsRange;
  onRangeChange: (range: AnalyticsRange) => void;
  /** Offer the Pro-only 90-day range. */
  advanced: boolean;
  loadFailedTitle: string;
  report: UseQueryResult<Report>;
  children: (report: Report) => ReactNode;
}

/** A titled report with its range picker and the loading, error and loaded states. */
export function ReportSection<Report>(props: ReportSectionProps<Report>) {
  const { report } = props;
  return (
    <section aria-labelledby={props.id} aria-busy={report.isFetching} className="mt-8 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={props.id} className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">
            {props.title}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{props.description}</p>
        </div>
        <RangePicker value={props.range} onChange={props.onRangeChange} advanced={props.advanced} />
      </div>
      {report.isPending ? (
        <Spinner label={analyticsTexts.loading} className="py-16" />
      ) : report.isError ? (
        <ListLoadError
          title={props.loadFailedTitle}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        props.children(report.data)
      )}
    </section>
  );
}
