import {
  CalendarClock,
  Hourglass,
  ExternalLink,
  Image as ImageIcon,
  MessageSquare,
  Pencil,
  Repeat,
  RotateCcw,
  Send,
  ThumbsUp,
  TriangleAlert,
  X,
} from 'lucide-react';
import { redditAllowanceTexts, scheduleTexts, type ScheduledPost } from '@app/shared/posts';
import { useState } from 'react';
import { formatTime } from '../../../lib/format/date-time';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatPostTime } from '../lib/schedule-time';
import { redditPageTexts } from '../lib/reddit-texts';
import { FirstCommentState } from './first-comment-state';
import { StatusBadge } from './status-badge';
import { repostPageTexts } from '../lib/repost-texts';
import { RepostDialog } from '../reposts/repost-dialog';

interface ScheduledPostCardProps {
  post: ScheduledPost;
  now: Date;
  timeZone: string;
  isCancelling: boolean;
  isSendingNow: boolean;
  onSendNow: (post: ScheduledPost) => void;
  isEditing: boolean;
  onEdit: (post: ScheduledPost) => void;
  onCancel: (post: ScheduledPost, button: HTMLElement) => void;
  onUseAgain: (post: ScheduledPost) => void;
}

function whenLine(post: ScheduledPost, now: Date, timeZone: string): string {
  const format = (iso: string) => formatPostTime(iso, { now, timeZone });
  if (post.status === 'sent') return `Sent ${format(post.sentAt ?? post.scheduledAt)}`;
  if (post.status === 'failed') return `Was due ${format(post.scheduledAt)}`;
  if (post.waitingForRedditUntil) return `Goes out about ${format(post.waitingForRedditUntil)}`;
  if (Date.parse(post.scheduledAt) <= now.getTime()) return 'Going out now';
  return `Goes out ${format(post.scheduledAt)}`;
}

function whenAt(post: ScheduledPost): string {
  if (post.status === 'sent') return post.sentAt ?? post.scheduledAt;
  if (post.status === 'pending' && post.waitingForRedditUntil) return post.waitingForRedditUntil;
  return post.scheduledAt;
}

function removedBy(by: string | null): string {
  if (by === 'moderator') return 'Removed by the moderators';
  if (by === 'author') return 'Deleted on Reddit';
  return 'Removed by Reddit';
}

/** One scheduled post: status, where and when, and the link, error or retry note that status brings. */
export function ScheduledPostCard(props: ScheduledPostCardProps) {
  const {
    post,
    now,
    timeZone,
    isCancelling,
    isSendingNow,
    onSendNow,
    isEditing,
    onEdit,
    onCancel,
    onUseAgain,
  } = props;
  const [reposting, setReposting] = useState(false);
  const due = Date.parse(post.scheduledAt) <= now.getTime() + 60_000;
  const url = post.status === 'sent' ? post.resultJson?.url : undefined;
  const error =
    post.status === 'failed' ? (post.resultJson?.error ?? redditPageTexts.failedFallback) : undefined;
  const titleId = `post-${post.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={isCancelling || undefined}
      className={cn(
        'space-y-3 rounded-xl border bg-white p-4 dark:bg-zinc-900',
        isEditing ? 'border-rose-500 ring-2 ring-rose-500/30' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <StatusBadge status={post.status} />
        <span className="font-medium text-zinc-900 dark:text-zinc-100">r/{post.subreddit}</span>
        {post.redditUsername && (
          <span className="text-zinc-500 dark:text-zinc-400">as u/{post.redditUsername}</span>
        )}
        {post.imageId && (
          <span className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            <ImageIcon aria-hidden="true" className="size-3" /> Photo
          </span>
        )}
        {post.flairText && (
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {post.flairText}
          </span>
        )}
      </div>
      <div>
        <h4 id={titleId} className="font-semibold break-words text-zinc-900 dark:text-white">
          {post.titleFinal}
        </h4>
        {post.bodyFinal && (
          <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-zinc-600 dark:text-zinc-400">
            {post.bodyFinal}
          </p>
        )}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        <time dateTime={whenAt(post)}>{whenLine(post, now, timeZone)}</time>
      </p>

      {post.status === 'pending' && post.waitingForRedditUntil ? (
        // The server's shared Reddit allowance, not anything about her post or account, holds it back.
        <p className="flex gap-1.5 rounded-lg bg-sky-50 p-2.5 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-100">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {redditAllowanceTexts.waiting(
              formatTime(post.waitingForRedditUntil, { timeZone, zoneName: true }),
            )}
          </span>
        </p>
      ) : (
        post.status === 'pending' &&
        post.lastError && (
          <p className="flex gap-1.5 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {redditPageTexts.retrying(post.attempts)} <span className="opacity-80">({post.lastError})</span>
            </span>
          </p>
        )
      )}
      {error && (
        <div className="rounded-lg bg-red-50 p-2.5 text-sm text-red-900 dark:bg-red-500/10 dark:text-red-100">
          <p className="font-medium break-words">{error}</p>
          <p className="mt-0.5 opacity-80">{redditPageTexts.failedHelp}</p>
        </div>
      )}
      {post.outcome && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          {post.outcome.removed ? (
            <span className="font-medium text-red-700 dark:text-red-400">
              {removedBy(post.outcome.removedBy)}
            </span>
          ) : (
            <span className="font-medium text-emerald-700 dark:text-emerald-400">Still up</span>
          )}
          {post.outcome.score !== null && (
            <span className="inline-flex items-center gap-1">
              <ThumbsUp aria-hidden="true" className="size-3.5" /> {post.outcome.score} points
            </span>
          )}
          {post.outcome.comments !== null && (
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" /> {post.outcome.comments} comments
            </span>
          )}
        </p>
      )}
      {post.firstComment && <FirstCommentState comment={post.firstComment} />}

      <div className="flex flex-wrap gap-2">
        {url && (
          <Button asChild size="sm" variant="secondary">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" className="size-4" />
              {scheduleTexts.viewOnReddit}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
        {post.status === 'pending' && !due && (
          <Button
            size="sm"
            variant="outline"
            disabled={isEditing || isCancelling}
            aria-pressed={isEditing}
            aria-label={`${redditPageTexts.edit}: ${post.titleFinal}`}
            onClick={() => onEdit(post)}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {redditPageTexts.edit}
          </Button>
        )}
        {post.status === 'pending' && !due && (
          <Button
            size="sm"
            variant="outline"
            disabled={isSendingNow || isCancelling}
            aria-label={`${redditPageTexts.sendNow}: ${post.titleFinal}`}
            onClick={() => onSendNow(post)}
          >
            <Send aria-hidden="true" className="size-4" />
            {isSendingNow ? redditPageTexts.sendingNow : redditPageTexts.sendNow}
          </Button>
        )}
        {post.status === 'pending' ? (
          <Button
            size="sm"
            variant="danger-outline"
            disabled={isCancelling}
            aria-label={`${redditPageTexts.cancel}: ${post.titleFinal}`}
            onClick={(event) => onCancel(post, event.currentTarget)}
          >
            <X aria-hidden="true" className="size-4" />
            {isCancelling ? redditPageTexts.cancelling : redditPageTexts.cancel}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${redditPageTexts.useAgain}: ${post.titleFinal}`}
            onClick={() => onUseAgain(post)}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {redditPageTexts.useAgain}
          </Button>
        )}
        {post.status === 'sent' && post.imageId && (
          <Button
            size="sm"
            variant="outline"
            aria-label={repostPageTexts.openFor(post.titleFinal)}
            onClick={() => setReposting(true)}
          >
            <Repeat aria-hidden="true" className="size-4" />
            {repostPageTexts.open}
          </Button>
        )}
      </div>
      {reposting && (
        <RepostDialog
          source={{ sourcePostId: post.id, subreddits: [post.subreddit], title: post.titleFinal }}
          onClose={() => setReposting(false)}
        />
      )}
    </article>
  );
}
