import { HardDrive } from 'lucide-react';
import { dashboardTexts } from '@app/shared/dashboard';
import { storageWarningPercent } from '@app/shared/media';
import { Progress } from '../../../../components/ui/progress';
import { useStorageUsage } from '../../../../features/media/api/get-storage-usage';
import { formatBytes } from '../../../../lib/format/size';
import { CardEmpty, CardError, CardLoading, DashboardCard } from './dashboard-card';
import { countOf } from '../../../../lib/format/plural';

const galleryLink = { to: '/gallery', label: dashboardTexts.storageAction };

/** Space used against the plan's quota, from the same usage query the gallery shows. */
export function StorageCard() {
  const usage = useStorageUsage();
  const data = usage.data;
  return (
    <DashboardCard
      title={dashboardTexts.storageTitle}
      icon={HardDrive}
      link={data?.assetsCount ? galleryLink : undefined}
    >
      {data ? (
        data.assetsCount === 0 ? (
          <CardEmpty
            title={dashboardTexts.storageEmpty}
            hint={dashboardTexts.storageEmptyHint}
            action={galleryLink}
          />
        ) : (
          <div className="space-y-3 text-sm">
            <p className="font-medium text-zinc-900 dark:text-white">
              {formatBytes(data.usedBytes)} of {formatBytes(data.quotaBytes)} used
            </p>
            <Progress
              value={data.usedPercentage}
              label="Storage used"
              tone={data.usedPercentage > storageWarningPercent ? 'warning' : 'brand'}
            />
            <p className="text-zinc-600 tabular-nums dark:text-zinc-400">
              {Number(data.usedPercentage.toFixed(1))}% ·{' '}
              {countOf(data.assetsCount, { one: 'file', other: 'files' })}
            </p>
            {data.usedPercentage > storageWarningPercent && (
              <p role="status" className="text-amber-800 dark:text-amber-200">
                {dashboardTexts.storageAlmostFull}
              </p>
            )}
          </div>
        )
      ) : usage.isError ? (
        <CardError
          title={dashboardTexts.storageFailed}
          error={usage.error}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <CardLoading label={dashboardTexts.storageLoading} lines={2} />
      )}
    </DashboardCard>
  );
}
