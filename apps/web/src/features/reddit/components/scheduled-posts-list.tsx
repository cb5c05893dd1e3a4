import { useMemo, useRef, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import type { ScheduledPost } from '@app/shared/posts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { scheduleTexts } from '@app/shared/posts';
import { toast } from '../../../components/ui/toast';
import { useCancelScheduledPost } from '../api/cancel-scheduled-post';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { redditErrorText } from '../lib/reddit-error-text';
import { postGroups } from '../lib/post-groups';
import { redditPageTexts } from '../lib/reddit-texts';
import { useCampaigns } from '../api/get-campaigns';
import { listFilterTexts } from '../lib/calendar-texts';
import { ConfirmDialog } from './confirm-dialog';
import {
  isFiltering,
  matchesFilter,
  noFilter,
  PostListFilters,
  type PostListFilter,
} from './post-list-filters';
import { EmptyState, ListSkeleton, LoadError } from './list-states';
import { ScheduledPostCard } from './scheduled-post-card';
import { ScheduledPostGroup, type PostGroupPaging, type PostGroupTexts } from './scheduled-post-group';

interface PostGroupState {
  /** The loaded pages' posts; undefined until the first page is in. */
  posts: ScheduledPost[] | undefined;
  /** The group's paged query: its next page loads as the group's end scrolls into view. */
  paging: PostGroupPaging;
  error: unknown;
}

interface ScheduledPostsListProps {
  pending: PostGroupState;
  done: PostGroupState;
  onRetry: () => void;
  now: Date;
  timeZone: string;
  onUseAgain: (post: ScheduledPost) => void;
  editingId: string | null;
  onEdit: (post: ScheduledPost) => void;
}

const groupTexts = {
  pending: {
    label: redditPageTexts.upcoming,
    loadMore: 'Load more upcoming posts',
    loadingMore: 'Loading more upcoming posts...',
    failed: 'More upcoming posts could not be loaded. Check your connection and press the button again.',
    end: 'That is all your upcoming posts.',
  },
  done: {
    label: redditPageTexts.done,
    loadMore: 'Load more sent and failed posts',
    loadingMore: 'Loading more sent and failed posts...',
    failed:
      'More sent and failed posts could not be loaded. Check your connection and press the button again.',
    end: 'That is all your scheduled posts.',
  },
} as const satisfies Record<string, PostGroupTexts>;

/**
 * Upcoming posts, soonest first; then sent and failed ones, latest first (docs/product.md#reddit-posting:
 * list of scheduled posts). Each group is its own paged list in the API's order; the finished posts
 * follow once every upcoming one is in, so nothing is ever added above what the reader has reached.
 */
export function ScheduledPostsList(props: ScheduledPostsListProps) {
  const { pending, done, onRetry, now, timeZone, onUseAgain, editingId, onEdit } = props;
  const cancel = useCancelScheduledPost();
  const update = useUpdateScheduledPost();

  function sendNow(post: ScheduledPost) {
    // PATCH scheduledAt null means "now": the sender picks it up within a minute.
    update.mutate(
      { id: post.id, changes: { scheduledAt: null } },
      {
        onSuccess: () => toast.success(scheduleTexts.updated, { description: redditPageTexts.sentNowText }),
        onError: (error) =>
          toast.error(redditPageTexts.sendNowFailed, { description: redditErrorText(error) }),
      },
    );
  }
  const [toCancel, setToCancel] = useState<ScheduledPost | null>(null);
  const [filter, setFilter] = useState<PostListFilter>(noFilter);
  // Campaign names are only asked for once a loaded post belongs to a campaign.
  const campaignIds = useMemo(
    () => new Set([...(pending.posts ?? []), ...(done.posts ?? [])].flatMap((post) => post.campaignId ?? [])),
    [pending.posts, done.posts],
  );
  const campaignList = useCampaigns({ enabled: campaignIds.size > 0 });
  const campaignOptions = (campaignList.data ?? [])
    .filter((campaign) => campaignIds.has(campaign.id))
    .map(({ id, name }) => ({ id, name }));
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function renderPost(post: ScheduledPost) {
    return (
      <ScheduledPostCard
        post={post}
        now={now}
        timeZone={timeZone}
        isCancelling={cancel.isPending && cancel.variables === post.id}
        isSendingNow={update.isPending && update.variables?.id === post.id}
        onSendNow={sendNow}
        isEditing={editingId === post.id}
        onEdit={onEdit}
        onCancel={(chosen, button) => {
          opener.current = button;
          setToCancel(chosen);
        }}
        onUseAgain={onUseAgain}
      />
    );
  }

  function renderBody() {
    const failed = [pending, done].find((group) => group.error && !group.posts);
    if (failed)
      return <LoadError title={redditPageTexts.postsLoadFailed} error={failed.error} onRetry={onRetry} />;
    if (!pending.posts || !done.posts) return <ListSkeleton label="Loading your scheduled posts..." />;
    const groups = postGroups(pending.posts, done.posts);
    const upcoming = groups.upcoming.filter((post) => matchesFilter(post, filter));
    const finished = groups.finished.filter((post) => matchesFilter(post, filter));
    const upcomingComplete = !pending.paging.hasNextPage;
    const nothingAtAll = groups.upcoming.length === 0 && groups.finished.length === 0;
    if (nothingAtAll && upcomingComplete && !done.paging.hasNextPage) {
      return (
        <EmptyState
          icon={<CalendarPlus aria-hidden="true" />}
          title={redditPageTexts.postsEmptyTitle}
          text={redditPageTexts.postsEmptyText}
        />
      );
    }
    return (
      <div className="space-y-6">
        <PostListFilters filter={filter} onChange={setFilter} campaigns={campaignOptions} />
        {isFiltering(filter) && upcoming.length === 0 && finished.length === 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{listFilterTexts.noMatch}</p>
        )}
        <ScheduledPostGroup
          posts={upcoming}
          paging={pending.paging}
          texts={groupTexts.pending}
          renderPost={renderPost}
        />
        {upcomingComplete && (
          <ScheduledPostGroup
            posts={finished}
            paging={done.paging}
            texts={groupTexts.done}
            renderPost={renderPost}
          />
        )}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1}>
          {redditPageTexts.postsTitle}
        </CardTitle>
        <CardDescription>{redditPageTexts.postsDescription}</CardDescription>
      </CardHeader>
      <CardContent>{renderBody()}</CardContent>
      <ConfirmDialog
        open={toCancel !== null}
        title={redditPageTexts.cancelQuestion}
        description={
          toCancel ? (
            <>
              “{toCancel.titleFinal}” for r/{toCancel.subreddit}. {redditPageTexts.cancelExplained}
            </>
          ) : null
        }
        cancelLabel={redditPageTexts.keep}
        confirmLabel={redditPageTexts.cancel}
        busyLabel={redditPageTexts.cancelling}
        isBusy={cancel.isPending}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          cancel.mutate(toCancel.id, {
            onSettled: () => {
              setToCancel(null);
              // The card that opened the dialog is gone after a cancel; the list heading takes focus.
              requestAnimationFrame(() =>
                (opener.current?.isConnected ? opener.current : headingRef.current)?.focus(),
              );
            },
          });
        }}
      />
    </Card>
  );
}
