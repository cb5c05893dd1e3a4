import { apiMonthlyCallLimit } from '@app/shared/api-keys';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { userFacingMessage } from '../../../lib/request';
import { useApiUsage } from '../api/get-api-usage';
import { formatDay } from '../../../lib/format/date-time';

function UsageBar({ used, limit }: { used: number; limit: number }) {
  const percent = Math.min(100, (used / limit) * 100);
  const nearlyUsed = percent >= 80;
  return (
    <div
      role="progressbar"
      aria-label="API calls used this month"
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={used}
      aria-valuetext={`${used} of ${limit} calls used`}
      className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          nearlyUsed ? 'bg-amber-500 dark:bg-amber-400' : 'bg-rose-600 dark:bg-rose-500',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

const frame = 'rounded-xl border border-zinc-200 p-4 dark:border-zinc-800';
const note = 'mt-2 text-xs text-zinc-500 dark:text-zinc-400';

/**
 * The "API usage" block of Subscription and usage. Only users with API access ask the server
 * (anyone else would get 403); they see the spec's placeholder figure and how to get access.
 */
export function ApiUsageSummary({ allowed }: { allowed: boolean }) {
  const usage = useApiUsage(allowed);
  const heading = <span className="font-medium text-zinc-900 dark:text-white">API usage</span>;

  if (!allowed) {
    return (
      <div className={frame}>
        <div className="flex items-center justify-between text-sm">
          {heading}
          <span className="text-zinc-600 dark:text-zinc-400">
            0 of {apiMonthlyCallLimit} calls this month
          </span>
        </div>
        <div aria-hidden="true" className="mt-2 h-2 rounded-full bg-zinc-100 dark:bg-zinc-800" />
        <p className={note}>API access comes with the Pro plan.</p>
      </div>
    );
  }
  if (usage.error) {
    return (
      <div className={frame} role="alert">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {heading}
          <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
            Try again
          </Button>
        </div>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Your API usage could not be loaded. {userFacingMessage(usage.error)}
        </p>
      </div>
    );
  }
  return (
    <div className={frame} aria-busy={usage.isPending || undefined}>
      <div className="flex items-center justify-between text-sm">
        {heading}
        <span className="text-zinc-600 dark:text-zinc-400">
          {usage.data
            ? `${usage.data.used} of ${usage.data.limit} calls this month`
            : 'Checking your usage...'}
        </span>
      </div>
      {usage.data ? (
        <UsageBar used={usage.data.used} limit={usage.data.limit} />
      ) : (
        <div
          aria-hidden="true"
          className="mt-2 h-2 animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800"
        />
      )}
      <p className={note}>
        API access is included in your plan.
        {usage.data && ` Resets on ${formatDay(usage.data.resetsAt, 'long')}.`}
      </p>
    </div>
  );
}
