import { Link } from 'react-router';
import { CalendarClock, ExternalLink, Lock } from 'lucide-react';
import type { ScheduledPost } from '@app/shared/posts';
import { dashboardTexts } from '@app/shared/dashboard';
import { deriveAccess } from '@app/shared/user';
import { Button } from '../../../../components/ui/button';
import { useSessionUser } from '../../../../lib/session-context';
import { loadedPosts, useScheduledPostGroups } from '../../../../features/reddit/api/get-scheduled-posts';
import { postGroups } from '../../../../features/reddit/lib/post-groups';
import { StatusBadge } from '../../../../features/reddit/components/status-badge';
import { formatPostTime } from '../../../../features/reddit/lib/schedule-time';
import { splitPosts } from '../lib/split-posts';
import { CardEmpty, CardError, CardLoading, DashboardCard } from './dashboard-card';

const scheduleLink = { to: '/reddit', label: dashboardTexts.postsAction };

/** Upcoming and recently finished Reddit posts, from the scheduler's own (polling) queries. */
export function ScheduledPostsCard() {
  const user = useSessionUser();
  // The posts API answers 403 without full access; say so instead of showing an error.
  const fullAccess = deriveAccess(user).hasFullAccess;
  const { pending, done } = useScheduledPostGroups({ enabled: fullAccess });
  // The first page of each group (or what /reddit loaded): the soonest pending posts and the latest
  // finished ones, which is all the card shows.
  const groups = pending.data && done.data && postGroups(loadedPosts(pending.data), loadedPosts(done.data));
  const data = groups ? [...groups.upcoming, ...groups.finished] : undefined;
  const failed = [pending, done].filter((group) => group.isError);
  return (
    <DashboardCard
      title={dashboardTexts.postsTitle}
      icon={CalendarClock}
      link={data?.length ? { to: '/reddit', label: dashboardTexts.postsManage } : undefined}
    >
      {!fullAccess ? (
        <div className="flex flex-1 flex-col items-start gap-2 text-sm">
          <p className="flex items-center gap-2 font-semibold text-zinc-900 dark:text-white">
            <Lock aria-hidden="true" className="size-4" /> {dashboardTexts.postsLocked}
          </p>
          <Button asChild size="sm" variant="outline">
            <Link to="/reddit">{dashboardTexts.postsManage}</Link>
          </Button>
        </div>
      ) : data && data.length === 0 ? (
        <CardEmpty
          title={dashboardTexts.postsEmpty}
          hint={dashboardTexts.postsEmptyHint}
          action={scheduleLink}
        />
      ) : data ? (
        <PostLists posts={data} />
      ) : failed[0] ? (
        <CardError
          title={dashboardTexts.postsFailed}
          error={failed[0].error}
          onRetry={() => failed.forEach((group) => void group.refetch())}
        />
      ) : (
        <CardLoading label={dashboardTexts.postsLoading} />
      )}
    </DashboardCard>
  );
}

function PostLists({ posts }: { posts: ScheduledPost[] }) {
  const { upcoming, recent } = splitPosts(posts);
  return (
    <div className="space-y-4">
      <PostList title={dashboardTexts.postsUpcoming} posts={upcoming} />
      {upcoming.length === 0 && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          {dashboardTexts.postsNoUpcoming}
          <Button asChild size="sm" variant="outline">
            <Link to={scheduleLink.to}>{scheduleLink.label}</Link>
          </Button>
        </div>
      )}
      <PostList title={dashboardTexts.postsRecent} posts={recent} />
    </div>
  );
}

function PostList({ title, posts }: { title: string; posts: ScheduledPost[] }) {
  if (posts.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h3>
      <ul aria-label={title} className="space-y-2">
        {posts.map((post) => (
          <li key={post.id} className="flex items-start justify-between gap-3 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium text-zinc-900 dark:text-white">{post.titleFinal}</p>
              <p className="text-zinc-600 dark:text-zinc-400">
                r/{post.subreddit} · {formatPostTime(post.sentAt ?? post.scheduledAt)}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {post.resultJson?.url && (
                <a
                  href={post.resultJson.url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-rose-700 dark:text-rose-300"
                  aria-label={`Open "${post.titleFinal}" on Reddit`}
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                </a>
              )}
              <StatusBadge status={post.status} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
