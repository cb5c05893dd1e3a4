import { FileText } from 'lucide-react';
import { dashboardListSizes, dashboardTexts } from '@app/shared/dashboard';
import { PlatformBadge } from '../../../../components/platform-badge';
import {
  flattenPages,
  useContentGenerations,
} from '../../../../features/history/api/get-content-generations';
import { defaultHistoryFilters } from '../../../../features/history/lib/history-filters';
import { formatDateTime } from '../../../../lib/format/date-time';
import { CardEmpty, CardError, CardLoading, DashboardCard } from './dashboard-card';

/** The latest generations from the history list (same query and cache as /history). */
export function RecentContentCard() {
  const history = useContentGenerations(defaultHistoryFilters);
  const items = flattenPages(history.data).slice(0, dashboardListSizes.recentContent);
  const hasData = history.data !== undefined;
  return (
    <DashboardCard
      title={dashboardTexts.recentTitle}
      icon={FileText}
      link={items.length > 0 ? { to: '/history', label: dashboardTexts.recentAll } : undefined}
    >
      {hasData && items.length === 0 ? (
        <CardEmpty
          title={dashboardTexts.recentEmpty}
          hint={dashboardTexts.recentEmptyHint}
          action={{ to: '/caption-generator', label: dashboardTexts.recentEmptyAction }}
        />
      ) : hasData ? (
        <ul aria-label={dashboardTexts.recentTitle} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0">
              <div className="flex items-center gap-2">
                <PlatformBadge platform={item.platform} />
                <time dateTime={item.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {formatDateTime(item.createdAt)}
                </time>
              </div>
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-white">
                {item.titles[0] ?? item.content}
              </p>
              {item.titles[0] && (
                <p className="line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400">{item.content}</p>
              )}
            </li>
          ))}
        </ul>
      ) : history.isError ? (
        <CardError
          title={dashboardTexts.recentFailed}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <CardLoading label={dashboardTexts.recentLoading} />
      )}
    </DashboardCard>
  );
}
