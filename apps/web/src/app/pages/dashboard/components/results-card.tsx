import { BarChart3 } from 'lucide-react';
import { dashboardTexts } from '@app/shared/dashboard';
import { deriveAccess } from '@app/shared/user';
import { useResults } from '../../../../features/results/api/results';
import { useSessionUser } from '../../../../lib/session-context';
import { CardEmpty, CardError, CardLoading, DashboardCard } from './dashboard-card';

/** The three subreddits that brought the most visitors this week, with a way into /results. */
export function ResultsCard() {
  const user = useSessionUser();
  // Results answers 403 without full access; the card is left out rather than showing an error.
  const fullAccess = deriveAccess(user).hasFullAccess;
  const results = useResults(7, fullAccess);
  if (!fullAccess) return null;
  const top = results.data?.subreddits
    .filter((row) => row.visitors > 0)
    .sort((a, b) => b.visitors - a.visitors)
    .slice(0, 3);
  return (
    <DashboardCard
      title={dashboardTexts.resultsTitle}
      icon={BarChart3}
      link={{ to: '/results?days=7', label: dashboardTexts.resultsAll }}
    >
      {top ? (
        top.length === 0 ? (
          <CardEmpty
            title={dashboardTexts.resultsEmpty}
            hint={dashboardTexts.resultsEmptyHint}
            action={{ to: '/links', label: dashboardTexts.resultsEmptyAction }}
          />
        ) : (
          <div className="space-y-2 text-sm">
            <p className="text-zinc-600 dark:text-zinc-400">{dashboardTexts.resultsTop}</p>
            <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {top.map((row) => (
                <li key={row.subreddit} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="min-w-0 truncate font-medium">r/{row.subreddit}</span>
                  <span className="shrink-0 tabular-nums">
                    {dashboardTexts.resultsVisitors(row.visitors)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        )
      ) : results.isError ? (
        <CardError
          title={dashboardTexts.resultsFailed}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : (
        <CardLoading label={dashboardTexts.resultsLoading} lines={3} />
      )}
    </DashboardCard>
  );
}
