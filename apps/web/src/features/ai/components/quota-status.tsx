import { Gauge, Infinity as InfinityIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { AiQuota } from '@app/shared/ai';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../components/ui/cn';
import { summarizeQuota } from '../lib/quota-text';

/** The remaining daily quota under the Generate button; a warning with the way to more when it is used up. */
export function QuotaStatus({ quota, failed }: { quota?: AiQuota; failed: boolean }) {
  if (!quota) {
    return (
      <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
        {failed
          ? 'Your daily allowance could not be checked; you can still generate.'
          : 'Checking your daily allowance...'}
      </p>
    );
  }
  const summary = summarizeQuota(quota);
  const Icon = summary.usedPercent === null ? InfinityIcon : Gauge;
  return (
    <div
      role="status"
      aria-label="Daily AI generations"
      className={cn(
        'space-y-2 rounded-xl border p-3 text-sm',
        summary.exhausted
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100'
          : 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-800/40 dark:text-zinc-300',
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span data-testid="quota-headline">{summary.headline}</span>
      </p>
      {summary.usedPercent !== null && (
        <Progress
          value={summary.usedPercent}
          label="Generations used today"
          valueText={`${quota.used} of ${quota.limit} used`}
          tone={summary.exhausted || summary.usedPercent >= 80 ? 'warning' : 'brand'}
          className="h-1.5"
        />
      )}
      <p className="text-xs opacity-90">
        {summary.detail}
        {summary.upgrade && (
          <>
            {' '}
            <Link
              to={summary.upgrade.to}
              className="font-semibold text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
            >
              {summary.upgrade.label}
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}
