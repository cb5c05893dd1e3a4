import { Link } from 'react-router';
import { HardDrive, TriangleAlert } from 'lucide-react';
import { storageWarningPercent, type StorageUsage } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { userFacingMessage } from '../../../lib/request';
import { useStorageUsage } from '../api/get-storage-usage';
import { formatBytes } from '../../../lib/format/size';
import { countOf } from '../../../lib/format/plural';

function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

function StorageWarning({ usage }: { usage: StorageUsage }) {
  const canUpgrade = usage.proUpgrade.quotaBytes > usage.quotaBytes;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <TriangleAlert
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300"
      />
      <div className="min-w-0 space-y-2">
        <p>
          <strong className="font-semibold">
            Your storage is almost full ({formatPercent(usage.usedPercentage)} used).
          </strong>{' '}
          {canUpgrade
            ? `Delete files you no longer need, or upgrade to Pro for ${formatBytes(usage.proUpgrade.quotaBytes)} of storage.`
            : 'Delete files you no longer need to make room for new uploads.'}
        </p>
        {canUpgrade && (
          <Button asChild size="sm" variant="outline">
            <Link to="/checkout?plan=pro">Upgrade to Pro</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

/** docs/product.md#gallery-and-media/3: used against quota with a bar, and a warning above 80 percent that says what to do. */
export function StorageUsageCard() {
  const usage = useStorageUsage();
  const data = usage.data;
  const warn = data !== undefined && data.usedPercentage > storageWarningPercent;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardDrive aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
          Storage
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {data ? (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span className="font-medium text-zinc-900 dark:text-white">
                {formatBytes(data.usedBytes)} of {formatBytes(data.quotaBytes)} used
              </span>
              <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
                {formatPercent(data.usedPercentage)} ·{' '}
                {countOf(data.assetsCount, { one: 'file', other: 'files' })}
              </span>
            </div>
            <Progress value={data.usedPercentage} label="Storage used" tone={warn ? 'warning' : 'brand'} />
            {warn && <StorageWarning usage={data} />}
          </>
        ) : usage.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-zinc-600 dark:text-zinc-400">
              Storage usage could not be loaded. {userFacingMessage(usage.error)}
            </p>
            <Button size="sm" variant="outline" onClick={() => void usage.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading storage usage...</span>
            <div aria-hidden="true" className="h-4 w-48 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div
              aria-hidden="true"
              className="h-2 w-full animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
