import { useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ScheduledPost } from '@app/shared/posts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/format/date-time';
import { useCalendarPosts, useMovePost } from '../api/get-calendar-posts';
import { useMediaQuery } from '../hooks/use-media-query';
import { calendarPageTexts as texts } from '../lib/calendar-texts';
import { redditErrorText } from '../lib/reddit-error-text';
import { ListSkeleton, LoadError } from '../components/list-states';
import { addDays, addMonths, movedMoment, viewRange, type CalendarView } from './calendar-dates';
import { rangeLabel } from './calendar-labels';
import { Agenda, MonthGrid, WeekGrid, type CalendarViewProps } from './calendar-views';
import { PostDetailsDialog } from './post-details-dialog';

interface PostsCalendarProps {
  view: CalendarView;
  /** A day of the shown week or month ("YYYY-MM-DD" in the reader's zone). */
  day: string;
  today: string;
  timeZone: string;
  onNavigate: (day: string) => void;
  onEdit: (post: ScheduledPost) => void;
}

/**
 * Week and month calendars of the creator's posts in her zone (docs/reddit-posting.md#calendar).
 * A pending post moves by drag and drop or from its details (date and time inputs, no mouse
 * needed); the server checks the new time again, and a refused move goes back where it was.
 * Under 640 px the days are an agenda instead of a grid.
 */
export function PostsCalendar({ view, day, today, timeZone, onNavigate, onEdit }: PostsCalendarProps) {
  const { days, from, to } = viewRange(view, day, timeZone);
  const calendar = useCalendarPosts(from, to);
  const move = useMovePost(from, to);
  const narrow = useMediaQuery('(max-width: 639px)', false);
  const [dragging, setDragging] = useState<ScheduledPost | null>(null);
  // Read on drop: set at dragstart, before React has rendered the state.
  const held = useRef<ScheduledPost | null>(null);
  const [open, setOpen] = useState<{ post: ScheduledPost; moving: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  function moveTo(post: ScheduledPost, at: Date) {
    if (at.getTime() === Date.parse(post.scheduledAt)) {
      setOpen(null);
      return;
    }
    move.mutate(
      { post, at },
      {
        onSuccess: () => {
          setOpen(null);
          setAnnouncement(texts.moved(post.titleFinal, formatDateTime(at, { timeZone })));
        },
        onError: (error) => {
          const reason = redditErrorText(error);
          toast.error(texts.notMoved, { description: reason });
          setAnnouncement(texts.notMovedAnnounce(post.titleFinal, reason));
        },
      },
    );
  }

  const step = (direction: 1 | -1) =>
    onNavigate(view === 'week' ? addDays(day, 7 * direction) : addMonths(day, direction));

  const viewProps: CalendarViewProps = {
    days,
    posts: calendar.data?.posts ?? [],
    timeZone,
    today,
    onOpen: (post) => setOpen({ post, moving: false }),
    dragging,
    onDragStart: (post) => {
      held.current = post;
      setDragging(post);
    },
    onDragEnd: () => {
      held.current = null;
      setDragging(null);
    },
    onDrop: (target, hour) => {
      const post = held.current;
      held.current = null;
      setDragging(null);
      if (post) moveTo(post, movedMoment(new Date(post.scheduledAt), target, timeZone, hour));
    },
  };

  function body() {
    if (calendar.error && !calendar.data)
      return (
        <LoadError title={texts.loadFailed} error={calendar.error} onRetry={() => void calendar.refetch()} />
      );
    if (!calendar.data) return <ListSkeleton label={texts.loading} />;
    if (narrow) return <Agenda {...viewProps} />;
    return view === 'week' ? <WeekGrid {...viewProps} /> : <MonthGrid {...viewProps} month={day} />;
  }

  return (
    <section aria-labelledby="posts-calendar-range" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label={texts.previous[view]} onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="outline" onClick={() => onNavigate(today)}>
            {texts.today}
          </Button>
          <Button variant="outline" size="icon" aria-label={texts.next[view]} onClick={() => step(1)}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <h3 id="posts-calendar-range" className="text-base font-semibold" aria-live="polite">
          {rangeLabel(view, day, days)}
        </h3>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {texts.zone(timeZone)} {!narrow && texts.dragHint}
      </p>
      {body()}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {open && (
        <PostDetailsDialog
          key={open.post.id}
          post={open.post}
          timeZone={timeZone}
          startMoving={open.moving}
          isMoving={move.isPending}
          onMove={moveTo}
          onEdit={(post) => {
            setOpen(null);
            onEdit(post);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
