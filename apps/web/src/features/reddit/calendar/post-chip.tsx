import type { DragEvent } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { calendarStatusLabels, calendarStatusOf, type CalendarStatus } from '@app/shared/posts-calendar';
import { cn } from '../../../components/ui/cn';
import { formatTime } from '../../../lib/format/date-time';

const looks: Record<CalendarStatus, string> = {
  pending:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/15 dark:text-amber-100',
  sent: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-500/40 dark:bg-emerald-500/15 dark:text-emerald-100',
  failed: 'border-red-300 bg-red-50 text-red-950 dark:border-red-500/40 dark:bg-red-500/15 dark:text-red-100',
  removed:
    'border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
};

interface PostChipProps {
  post: ScheduledPost;
  timeZone: string;
  onOpen: (post: ScheduledPost, opener: HTMLElement) => void;
  /** Only pending posts can be dragged (the server refuses to move the others). */
  onDragStart?: (post: ScheduledPost) => void;
  onDragEnd?: () => void;
  wide?: boolean;
  /** The id of what names the chip's day (grids), read after the chip's own name. */
  describedBy?: string;
}

/** One post on the calendar: its status in words, time and subreddit; opens the post's details. */
export function PostChip(props: PostChipProps) {
  const { post, timeZone, onOpen, onDragStart, onDragEnd, wide = false, describedBy } = props;
  const status = calendarStatusOf(post);
  const draggable = status === 'pending' && Boolean(onDragStart);
  return (
    <button
      type="button"
      data-post-id={post.id}
      data-status={status}
      aria-describedby={describedBy}
      draggable={draggable}
      title={post.titleFinal}
      onClick={(event) => onOpen(post, event.currentTarget)}
      onDragStart={(event: DragEvent<HTMLButtonElement>) => {
        if (!draggable) return;
        event.dataTransfer?.setData('text/plain', post.id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        onDragStart?.(post);
      }}
      onDragEnd={() => onDragEnd?.()}
      className={cn(
        'flex w-full min-w-0 cursor-pointer flex-wrap items-baseline gap-x-1.5 rounded-md border px-1.5 py-1 text-left text-xs leading-tight',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-rose-600',
        draggable && 'cursor-grab active:cursor-grabbing',
        looks[status],
        wide && 'px-2.5 py-2 text-sm',
      )}
    >
      <span className={cn('font-semibold', status === 'removed' && 'line-through')}>
        {calendarStatusLabels[status]}
      </span>{' '}
      <span className="tabular-nums">{formatTime(post.scheduledAt, { timeZone })}</span>{' '}
      <span className="min-w-0 truncate">r/{post.subreddit}</span>{' '}
      {wide && (
        <span className="basis-full truncate text-zinc-600 dark:text-zinc-400">{post.titleFinal}</span>
      )}
    </button>
  );
}
