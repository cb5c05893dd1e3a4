import { useRef, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import type { ScheduledPost } from '@app/shared/posts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { scheduleTexts } from '@app/shared/posts';
import { toast } from '../../../components/ui/toast';
import { useCancelScheduledPost } from '../api/cancel-scheduled-post';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { redditErrorText } from '../lib/reddit-error-text';
import { redditPageTexts } from '../lib/reddit-texts';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyState, ListSkeleton, LoadError } from './list-states';
import { ScheduledPostCard } from './scheduled-post-card';

interface ScheduledPostsListProps {
  posts: ScheduledPost[] | undefined;
  error: unknown;
  onRetry: () => void;
  now: Date;
  timeZone: string;
  onUseAgain: (post: ScheduledPost) => void;
  editingId: string | null;
  onEdit: (post: ScheduledPost) => void;
}

/** Upcoming posts, soonest first; then sent and failed ones, newest first (docs/product.md#reddit-posting: list of scheduled posts). */
export function ScheduledPostsList(props: ScheduledPostsListProps) {
  const { posts, error, onRetry, now, timeZone, onUseAgain, editingId, onEdit } = props;
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
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const upcoming = (posts ?? [])
    .filter((post) => post.status === 'pending')
    .sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt));
  const done = (posts ?? []).filter((post) => post.status !== 'pending');

  function renderGroup(label: string, group: ScheduledPost[]) {
    if (group.length === 0) return null;
    const id = `posts-${label.replace(/\W+/g, '-').toLowerCase()}`;
    return (
      <section aria-labelledby={id} className="space-y-3">
        <h3
          id={id}
          className="text-sm font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
        >
          {label} <span className="tabular-nums">({group.length})</span>
        </h3>
        <ul className="space-y-3" aria-label={label}>
          {group.map((post) => (
            <li key={post.id}>
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
            </li>
          ))}
        </ul>
      </section>
    );
  }

  function renderBody() {
    if (error && !posts)
      return <LoadError title={redditPageTexts.postsLoadFailed} error={error} onRetry={onRetry} />;
    if (!posts) return <ListSkeleton label="Loading your scheduled posts..." />;
    if (posts.length === 0) {
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
        {renderGroup(redditPageTexts.upcoming, upcoming)}
        {renderGroup(redditPageTexts.done, done)}
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
