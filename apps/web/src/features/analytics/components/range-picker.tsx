import { Lock } from 'lucide-react';
import { analyticsRanges, basicAnalyticsRanges, type AnalyticsRange } from '@app/shared/analytics-reports';
import { cn } from '../../../components/ui/cn';
import { analyticsTexts, rangeLabels } from '../analytics-texts';

/** 7, 30 or 90 days; without advanced analytics the 90-day choice is shown locked (Pro). */
export function RangePicker({
  value,
  onChange,
  advanced,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
  advanced: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={analyticsTexts.rangeLabel}
      className="inline-flex rounded-lg border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {analyticsRanges.map((range) => {
        const locked = !advanced && !basicAnalyticsRanges.includes(range);
        return (
          <button
            key={range}
            type="button"
            aria-pressed={value === range}
            disabled={locked}
            title={locked ? 'Pro plan' : undefined}
            aria-label={locked ? `${rangeLabels[range]} (${analyticsTexts.proBadge} plan)` : undefined}
            onClick={() => onChange(range)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500',
              'disabled:cursor-not-allowed disabled:opacity-60',
              value === range
                ? 'bg-rose-600 text-white dark:bg-rose-500 dark:text-zinc-950'
                : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
            )}
          >
            {locked && <Lock aria-hidden="true" className="size-3.5" />}
            {rangeLabels[range]}
          </button>
        );
      })}
    </div>
  );
}
