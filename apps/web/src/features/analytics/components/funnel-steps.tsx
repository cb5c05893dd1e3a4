import type { SiteAnalyticsReport } from '@app/shared/analytics-reports';
import { formatPercent, numberFormat } from '../analytics-texts';

/** The funnel as a list with proportional bars: readable as text, so it needs no hidden table. */
export function FunnelSteps({ steps }: { steps: SiteAnalyticsReport['funnel'] }) {
  const top = Math.max(1, steps[0]?.count ?? 0);
  return (
    <ol className="flex flex-col gap-4">
      {steps.map((step) => (
        <li key={step.step} className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-zinc-700 dark:text-zinc-300">{step.label}</span>
            <span className="font-semibold text-zinc-900 tabular-nums dark:text-white">
              {numberFormat.format(step.count)}
              {step.conversion !== null && (
                <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">
                  ({formatPercent(step.conversion)} of the step before)
                </span>
              )}
            </span>
          </div>
          <div aria-hidden="true" className="h-2.5 rounded-full bg-zinc-100 dark:bg-zinc-800">
            <div
              className="h-full rounded-full bg-rose-600 dark:bg-rose-500"
              style={{ width: `${(step.count / top) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
