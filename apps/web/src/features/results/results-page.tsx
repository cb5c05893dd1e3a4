import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExternalLink, Link2 } from 'lucide-react';
import { resultWindows, type ResultsResponse, type SubredditResult } from '@app/shared/results';
import { deriveAccess } from '@app/shared/user';
import { AccessAlert } from '../../components/access-alert';
import { computeAccessGate } from '../../components/access-gate';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format/date-time';
import { useResendVerification } from '../../lib/resend-verification';
import { useSessionUser } from '../../lib/session-context';
import { subscriberTexts } from '@app/shared/subscribers';
import { useResults } from './api/results';
import { bestHoursText } from './best-hours';
import { SubscribersCard } from './subscribers-card';

export const resultsPageTexts = {
  title: 'Results',
  description:
    'Which subreddits and posts bring you visitors and upvotes. Visitors are counted through your tracked links: put one in your posts or first comments.',
  window: 'Period',
  days: (n: number) => `${n} days`,
  totals: (posts: number, visitors: number, removed: number) =>
    `${posts} post${posts === 1 ? '' : 's'} sent · ${visitors} visitor${visitors === 1 ? '' : 's'} · ${removed} removed`,
  rankBy: 'Rank by',
  rankChoices: { visitors: 'Visitors', perPost: 'Visitors per post', upvotes: 'Upvotes' },
  subredditsTitle: 'Subreddits',
  postsTitle: 'Posts that brought the most',
  hoursTitle: 'When your visitors click',
  hoursBest: (hours: string[]) => `Most clicks around ${hours.join(', ')} (your time).`,
  hoursNone: 'No clicks yet in this period.',
  empty: 'Nothing sent in this period yet. Schedule posts (with a tracked link) and their results show here.',
  noLinks: 'No visitors counted yet: add a tracked link to your posts or first comments.',
  loadFailed: 'Could not load your results. Try again in a moment.',
  removedRate: (rate: number | null) =>
    rate === null ? 'not checked yet' : `${Math.round(rate * 100)}% removed`,
  links: 'Tracked links',
  visitors: (n: number) => `${n} visitor${n === 1 ? '' : 's'}`,
  upvotes: (n: number | null) =>
    n === null ? 'upvotes not checked yet' : `${n} upvote${n === 1 ? '' : 's'}`,
  columns: {
    subreddit: 'Subreddit',
    posts: 'Posts',
    visitors: 'Visitors',
    perPost: 'Per post',
    upvotes: 'Upvotes',
    removed: 'Removed',
  },
} as const;

type Rank = keyof typeof resultsPageTexts.rankChoices;

const rankers: Record<Rank, (a: SubredditResult, b: SubredditResult) => number> = {
  visitors: (a, b) => b.visitors - a.visitors || b.posts - a.posts,
  perPost: (a, b) => b.visitorsPerPost - a.visitorsPerPost || b.visitors - a.visitors,
  upvotes: (a, b) => (b.upvotes ?? -1) - (a.upvotes ?? -1),
};

function SubredditsTable({ rows, estimated }: { rows: SubredditResult[]; estimated: boolean }) {
  const id = useId();
  const [rank, setRank] = useState<Rank>('visitors');
  const sorted = useMemo(() => [...rows].sort(rankers[rank]), [rows, rank]);
  const t = resultsPageTexts.columns;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {resultsPageTexts.subredditsTitle}
        </h2>
        <label className="inline-flex items-center gap-2 text-sm">
          {resultsPageTexts.rankBy}
          <select
            className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
            value={rank}
            onChange={(event) => setRank(event.target.value as Rank)}
          >
            {(Object.keys(resultsPageTexts.rankChoices) as Rank[]).map((choice) => (
              <option key={choice} value={choice}>
                {resultsPageTexts.rankChoices[choice]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="overflow-x-auto">
        <table className={cn('w-full text-sm', estimated ? 'min-w-[38rem]' : 'min-w-[32rem]')}>
          <thead>
            <tr className="text-left text-xs text-zinc-500 dark:text-zinc-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t.subreddit}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t.posts}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t.visitors}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t.perPost}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t.upvotes}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t.removed}
              </th>
              {estimated && (
                <th scope="col" className="py-1 pl-2 text-right font-medium">
                  {subscriberTexts.estimateColumn}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.subreddit} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="py-1.5 pr-2 text-left font-medium break-all">
                  r/{row.subreddit}
                </th>
                <td className="py-1.5 pr-2 text-right">{row.posts}</td>
                <td className="py-1.5 pr-2 text-right font-semibold">{row.visitors}</td>
                <td className="py-1.5 pr-2 text-right">{row.visitorsPerPost}</td>
                <td className="py-1.5 pr-2 text-right">{row.upvotes ?? '–'}</td>
                <td
                  className={cn(
                    'py-1.5 text-right',
                    (row.removalRate ?? 0) >= 0.3 && 'text-red-700 dark:text-red-400',
                  )}
                >
                  {resultsPageTexts.removedRate(row.removalRate)}
                </td>
                {estimated && (
                  <td className="py-1.5 pl-2 text-right italic">
                    {row.estimatedSubscribers === null ? '–' : `≈ ${row.estimatedSubscribers}`}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ClickHours({ hours }: { hours: ResultsResponse['clickHours'] }) {
  const best = bestHoursText(hours);
  const max = Math.max(1, ...hours.map((hour) => hour.visitors));
  return (
    <section className="space-y-2" aria-label={resultsPageTexts.hoursTitle}>
      <h2 className="text-lg font-semibold">{resultsPageTexts.hoursTitle}</h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {best.length ? resultsPageTexts.hoursBest(best) : resultsPageTexts.hoursNone}
      </p>
      <div aria-hidden="true" className="flex h-16 items-end gap-0.5">
        {hours.map((hour) => (
          <div
            key={hour.hourUtc}
            className="flex-1 rounded-t bg-rose-500/70"
            style={{ height: `${Math.max(2, (hour.visitors / max) * 100)}%` }}
          />
        ))}
      </div>
    </section>
  );
}

/** /results: what works for this creator, from her tracked-link clicks and post outcomes (docs/tracked-links.md). */
export function ResultsPage() {
  const user = useSessionUser();
  const fullAccess = deriveAccess(user).hasFullAccess;
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (resultWindows as readonly number[]).includes(asked) ? asked : 30;
  const results = useResults(days, fullAccess);
  const resend = useResendVerification();
  const gate = computeAccessGate(user, results.error);
  const data = results.data;
  return (
    <PageLayout
      title={resultsPageTexts.title}
      description={resultsPageTexts.description}
      actions={
        <Button asChild variant="outline">
          <Link to="/links">
            <Link2 aria-hidden="true" className="size-4" />
            {resultsPageTexts.links}
          </Link>
        </Button>
      }
    >
      {gate ? (
        <AccessAlert
          gate={gate}
          onRetry={() => void results.refetch()}
          resend={{
            pending: resend.isPending,
            sent: resend.isSuccess,
            onResend: (email) => resend.mutate(email),
          }}
        />
      ) : (
        <div className="space-y-6">
          <div
            role="radiogroup"
            aria-label={resultsPageTexts.window}
            className="inline-flex gap-1 rounded-xl border border-zinc-200 p-1 dark:border-zinc-800"
          >
            {resultWindows.map((window) => (
              <button
                key={window}
                type="button"
                role="radio"
                aria-checked={window === days}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium',
                  window === days
                    ? 'bg-rose-600 text-white'
                    : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                )}
                onClick={() => setParams({ days: String(window) }, { replace: true })}
              >
                {resultsPageTexts.days(window)}
              </button>
            ))}
          </div>
          {results.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {resultsPageTexts.loadFailed}
            </p>
          ) : !data ? (
            <p className="text-sm text-zinc-500">Loading…</p>
          ) : data.totals.posts === 0 ? (
            <Card className="p-6 text-sm text-zinc-600 dark:text-zinc-400">{resultsPageTexts.empty}</Card>
          ) : (
            <>
              <p className="text-sm font-medium" role="status">
                {resultsPageTexts.totals(data.totals.posts, data.totals.visitors, data.totals.removed)}
              </p>
              {data.totals.visitors === 0 && (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{resultsPageTexts.noLinks}</p>
              )}
              <Card className="space-y-3 p-4 sm:p-6">
                <SubredditsTable
                  rows={data.subreddits}
                  estimated={data.subscribers.estimate === 'estimated'}
                />
                {data.subscribers.recorded > 0 && (
                  <div className="space-y-1 text-sm text-zinc-600 dark:text-zinc-400">
                    <p>
                      {subscriberTexts.recordedTotal(
                        data.subscribers.recorded,
                        data.subscribers.daysRecorded,
                      )}
                    </p>
                    {data.subscribers.estimate === 'estimated' && (
                      <p className="font-medium text-zinc-800 dark:text-zinc-200">
                        {subscriberTexts.estimateNote}
                      </p>
                    )}
                    <p>{data.subscribers.note}</p>
                  </div>
                )}
              </Card>
              <Card className="space-y-3 p-4 sm:p-6">
                <h2 className="text-lg font-semibold">{resultsPageTexts.postsTitle}</h2>
                <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {data.posts.slice(0, 10).map((post) => (
                    <li key={post.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                      <span className="font-medium break-all">r/{post.subreddit}</span>
                      <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">
                        {post.title}
                      </span>
                      <span>{resultsPageTexts.visitors(post.visitors)}</span>
                      <span className="text-zinc-500">{resultsPageTexts.upvotes(post.upvotes)}</span>
                      {post.removed && <span className="text-red-700 dark:text-red-400">removed</span>}
                      <time dateTime={post.sentAt} className="text-zinc-500">
                        {formatDateTime(post.sentAt)}
                      </time>
                      {post.url && (
                        <a
                          href={post.url}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex items-center gap-1 text-rose-700 hover:underline dark:text-rose-300"
                        >
                          View on Reddit
                          <ExternalLink aria-hidden="true" className="size-3.5" />
                        </a>
                      )}
                    </li>
                  ))}
                </ol>
              </Card>
              <Card className="p-4 sm:p-6">
                <ClickHours hours={data.clickHours} />
              </Card>
            </>
          )}
          <SubscribersCard days={days} />
        </div>
      )}
    </PageLayout>
  );
}
