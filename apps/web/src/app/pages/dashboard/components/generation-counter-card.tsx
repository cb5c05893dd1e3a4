import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { dashboardTexts } from '@app/shared/dashboard';
import { Button } from '../../../../components/ui/button';
import { Progress } from '../../../../components/ui/progress';
import { useAiQuota } from '../../../../features/ai/api/get-ai-quota';
import { summarizeQuota } from '../../../../features/ai/lib/quota-text';
import { CardError, CardLoading, DashboardCard } from './dashboard-card';

/** Today's generations against the plan's daily quota, read from the same query the generator uses. */
export function GenerationCounterCard() {
  const quota = useAiQuota();
  return (
    <DashboardCard title={dashboardTexts.counterTitle} icon={Sparkles} data-tour="generation-counter">
      {quota.data ? (
        <QuotaBody quota={quota.data} />
      ) : quota.isError ? (
        <CardError
          title={dashboardTexts.counterFailed}
          error={quota.error}
          onRetry={() => void quota.refetch()}
        />
      ) : (
        // About the height of the loaded counter: on a phone, Quick actions sits right under it.
        <CardLoading label={dashboardTexts.counterLoading} lines={2} className="min-h-36" />
      )}
    </DashboardCard>
  );
}

function QuotaBody({ quota }: { quota: NonNullable<ReturnType<typeof useAiQuota>['data']> }) {
  const summary = summarizeQuota(quota);
  return (
    <div className="flex flex-1 flex-col gap-3">
      <p className="flex items-baseline gap-2">
        <span
          data-testid="generations-used"
          className="text-4xl font-bold text-zinc-900 tabular-nums dark:text-white"
        >
          {quota.used}
        </span>{' '}
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {quota.limit === null ? 'generated today' : `of ${quota.limit} used today`}
        </span>
      </p>
      {summary.usedPercent !== null && (
        <Progress
          value={summary.usedPercent}
          label={dashboardTexts.counterTitle}
          valueText={summary.headline}
          tone={summary.exhausted ? 'warning' : 'brand'}
        />
      )}
      <div className="text-sm">
        <p className="font-medium text-zinc-900 dark:text-white">{summary.headline}</p>
        <p className="text-zinc-600 dark:text-zinc-400">{summary.detail}</p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {!summary.exhausted && (
          <Button asChild size="sm">
            <Link to="/caption-generator">{dashboardTexts.counterAction}</Link>
          </Button>
        )}
        {summary.upgrade && (
          <Button asChild size="sm" variant="outline">
            <Link to={summary.upgrade.to}>{summary.upgrade.label}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
