import { CircleAlert, CircleCheck } from 'lucide-react';
import { csvImportTexts, type CsvImportCheckResponse } from '@app/shared/posts-import';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';

interface CsvImportReportProps {
  report: CsvImportCheckResponse;
}

/**
 * What the check found: file-level errors, or one item per row (line, subreddit, time in the
 * reader's zone, title) with each problem and its fix. A list rather than a table, so it reads at
 * 390 px without scrolling sideways.
 */
export function CsvImportReport({ report }: CsvImportReportProps) {
  const bad = report.rows.filter((row) => !row.ok).length;
  if (report.errors.length > 0) {
    return (
      <section role="alert" aria-label="File problems" className={cn(box, tones.block)}>
        <p className="font-semibold">{csvImportTexts.fixAndRetry}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {report.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section aria-label="Rows in the file" className="space-y-3">
      <p role={bad > 0 ? 'alert' : 'status'} className={cn(box, bad > 0 ? tones.block : tones.ok)}>
        {bad > 0
          ? `${csvImportTexts.rowsNeedFixing(bad)} ${csvImportTexts.fixAndRetry}`
          : csvImportTexts.allGood(report.rows.length)}
      </p>
      <ol className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {report.rows.map((row) => (
          <li key={row.line} className="space-y-1 p-3 text-sm" aria-label={`Line ${row.line}`}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {row.ok ? (
                <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
              ) : (
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-red-600" />
              )}
              <span className="font-medium">Line {row.line}</span>
              <span className="break-all">r/{row.subreddit || '?'}</span>
              {row.scheduledAt && (
                <time dateTime={row.scheduledAt} className="text-zinc-600 dark:text-zinc-400">
                  {formatDateTime(row.scheduledAt)}
                </time>
              )}
              <span className="sr-only">{row.ok ? 'Ready' : 'Must fix'}</span>
            </div>
            <p className="break-words text-zinc-800 dark:text-zinc-200">{row.title}</p>
            {row.problems.length > 0 && (
              <ul className="space-y-1">
                {row.problems.map((problem, index) => (
                  <li
                    key={index}
                    className={cn(
                      'rounded-lg px-2 py-1',
                      problem.severity === 'block' ? tones.block : tones.warn,
                    )}
                  >
                    <span className="font-semibold">
                      {problem.severity === 'block' ? 'Must fix' : 'Risky'}
                      {problem.column ? ` (${problem.column})` : ''}:
                    </span>{' '}
                    {problem.message}
                    {problem.at && (
                      <>
                        {' '}
                        (other post: <time dateTime={problem.at}>{formatDateTime(problem.at)}</time>)
                      </>
                    )}
                    {problem.fix && <span className="block opacity-90">{problem.fix}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

const box = 'rounded-xl border p-3 text-sm';
const tones = {
  block: 'border-red-200 bg-red-50 text-red-950 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-50',
  warn: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-50',
  ok: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-50',
};
