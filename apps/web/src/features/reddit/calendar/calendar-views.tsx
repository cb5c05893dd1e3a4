import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { cn } from '../../../components/ui/cn';
import { calendarPageTexts as texts } from '../lib/calendar-texts';
import { dayKeyOf, sameMonth, wallClock } from './calendar-dates';
import { dayLabel } from './calendar-labels';
import { PostChip } from './post-chip';

export interface CalendarViewProps {
  days: string[];
  posts: ScheduledPost[];
  timeZone: string;
  today: string;
  onOpen: (post: ScheduledPost, opener: HTMLElement) => void;
  /** Drag and drop: which post is held, and where it went (an hour in the week view). */
  dragging: ScheduledPost | null;
  onDragStart: (post: ScheduledPost) => void;
  onDragEnd: () => void;
  onDrop: (day: string, hour?: number) => void;
}

/** Posts by their day in the reader's zone, each day soonest first. */
export function postsByDay(posts: ScheduledPost[], timeZone: string): Map<string, ScheduledPost[]> {
  const byDay = new Map<string, ScheduledPost[]>();
  for (const post of [...posts].sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt))) {
    const day = dayKeyOf(new Date(post.scheduledAt), timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), post]);
  }
  return byDay;
}

/** A place a held chip can be dropped on: highlighted while a chip is over it. */
function DropSlot({
  enabled,
  onDrop,
  className,
  children,
  ...rest
}: {
  enabled: boolean;
  onDrop: () => void;
  className?: string;
  children?: ReactNode;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const [over, setOver] = useState(false);
  // The held post is known from dragstart on; a drag carrying text is ours too (the state may lag a frame).
  const ours = (event: DragEvent) => enabled || Boolean(event.dataTransfer?.types.includes('text/plain'));
  const accept = (event: DragEvent) => {
    if (!ours(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    <div
      {...rest}
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!ours(event)) return;
        event.preventDefault();
        setOver(false);
        onDrop();
      }}
      className={cn(className, over && 'bg-rose-50 ring-2 ring-rose-400 ring-inset dark:bg-rose-500/10')}
    >
      {children}
    </div>
  );
}

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Seven day columns, an hour a row; a post sits in its hour in the reader's zone. */
export function WeekGrid(props: CalendarViewProps) {
  const { days, posts, timeZone, today, dragging } = props;
  const byDay = postsByDay(posts, timeZone);
  const scroller = useRef<HTMLDivElement>(null);
  // Opens on the working day (from 07:00), or earlier when a post is earlier.
  const earliest = Math.min(7, ...posts.map((post) => wallClock(new Date(post.scheduledAt), timeZone).hour));
  useEffect(() => {
    const box = scroller.current;
    const row = box?.querySelector<HTMLElement>(`[data-hour-label="${earliest}"]`);
    if (!box || !row) return;
    // Below the sticky day headings.
    const header = box.querySelector<HTMLElement>('[data-day-heading]')?.offsetHeight ?? 0;
    box.scrollTop += row.getBoundingClientRect().top - box.getBoundingClientRect().top - header;
  }, [earliest, days]);
  return (
    <div
      ref={scroller}
      className="max-h-[34rem] overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <div className="grid min-w-[44rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
        <div className="sticky top-0 z-10 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" />
        {days.map((day) => (
          <div
            key={day}
            data-day-heading
            className={cn(
              'sticky top-0 z-10 border-b border-l border-zinc-200 bg-white px-2 py-2 text-center text-xs font-semibold dark:border-zinc-800 dark:bg-zinc-900',
              day === today && 'text-rose-700 dark:text-rose-300',
            )}
          >
            <span id={`calendar-day-${day}`} aria-current={day === today ? 'date' : undefined}>
              {dayLabel(day, 'weekday')}
            </span>
          </div>
        ))}
        {hours.map((hour) => (
          <WeekRow key={hour} hour={hour} {...props} byDay={byDay} dragging={dragging} />
        ))}
      </div>
    </div>
  );
}

function WeekRow({
  hour,
  days,
  byDay,
  timeZone,
  dragging,
  onOpen,
  onDragStart,
  onDragEnd,
  onDrop,
}: CalendarViewProps & { hour: number; byDay: Map<string, ScheduledPost[]> }) {
  return (
    <>
      <div
        data-hour-label={hour}
        className="border-b border-zinc-100 px-1 py-1 text-right text-[0.7rem] text-zinc-500 tabular-nums dark:border-zinc-800"
      >
        {hourLabel(hour)}
      </div>
      {days.map((day) => {
        const here = (byDay.get(day) ?? []).filter(
          (post) => wallClock(new Date(post.scheduledAt), timeZone).hour === hour,
        );
        return (
          <DropSlot
            key={day}
            data-slot={`${day}T${hourLabel(hour)}`}
            enabled={dragging !== null}
            onDrop={() => onDrop(day, hour)}
            className="min-h-11 space-y-1 border-b border-l border-zinc-100 p-0.5 dark:border-zinc-800"
          >
            {here.map((post) => (
              <PostChip
                key={post.id}
                post={post}
                describedBy={`calendar-day-${day}`}
                timeZone={timeZone}
                onOpen={onOpen}
                onDragStart={onDragStart}
                onDragEnd={onDragEnd}
              />
            ))}
          </DropSlot>
        );
      })}
    </>
  );
}

const chipsPerDay = 3;

/** The month in whole weeks; a day shows its first posts and "+N more". */
export function MonthGrid(props: CalendarViewProps & { month: string }) {
  const { days, posts, timeZone, today, month, dragging, onOpen, onDragStart, onDragEnd, onDrop } = props;
  const byDay = postsByDay(posts, timeZone);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <div className="grid min-w-[44rem] grid-cols-7">
        {days.slice(0, 7).map((day) => (
          <div
            key={day}
            className="border-b border-zinc-200 px-2 py-1.5 text-xs font-semibold text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
          >
            {dayLabel(day, 'weekdayOnly')}
          </div>
        ))}
        {days.map((day) => {
          const all = byDay.get(day) ?? [];
          const shown = open === day ? all : all.slice(0, chipsPerDay);
          return (
            <DropSlot
              key={day}
              data-day={day}
              enabled={dragging !== null}
              onDrop={() => onDrop(day)}
              className={cn(
                'min-h-28 space-y-1 border-b border-l border-zinc-100 p-1 first:border-l-0 dark:border-zinc-800',
                !sameMonth(day, month) && 'bg-zinc-50 text-zinc-400 dark:bg-zinc-950/40',
              )}
            >
              <div
                className={cn(
                  'text-xs font-semibold',
                  day === today &&
                    'inline-flex size-6 items-center justify-center rounded-full bg-rose-600 text-white dark:bg-rose-500',
                )}
              >
                <span aria-current={day === today ? 'date' : undefined}>
                  <span aria-hidden="true">{Number(day.slice(8))}</span>
                  <span id={`calendar-day-${day}`} className="sr-only">
                    {dayLabel(day, 'long')}
                  </span>
                </span>
              </div>
              {shown.map((post) => (
                <PostChip
                  key={post.id}
                  post={post}
                  describedBy={`calendar-day-${day}`}
                  timeZone={timeZone}
                  onOpen={onOpen}
                  onDragStart={onDragStart}
                  onDragEnd={onDragEnd}
                />
              ))}
              {all.length > chipsPerDay && (
                <button
                  type="button"
                  aria-expanded={open === day}
                  onClick={() => setOpen(open === day ? null : day)}
                  className="cursor-pointer text-xs font-medium text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
                >
                  {open === day ? texts.fewer : texts.more(all.length - chipsPerDay)}
                </button>
              )}
            </DropSlot>
          );
        })}
      </div>
    </div>
  );
}

/** Small screens: the days that have posts, one under the other. */
export function Agenda({ days, posts, timeZone, today, onOpen }: CalendarViewProps) {
  const byDay = postsByDay(posts, timeZone);
  const shown = days.filter((day) => byDay.has(day));
  if (shown.length === 0) return <p className="py-6 text-center text-sm text-zinc-500">{texts.empty}</p>;
  return (
    <ol className="space-y-4">
      {shown.map((day) => (
        <li key={day}>
          <h3
            className={cn('mb-2 text-sm font-semibold', day === today && 'text-rose-700 dark:text-rose-300')}
            aria-current={day === today ? 'date' : undefined}
          >
            {dayLabel(day, 'long')}
          </h3>
          <ul className="space-y-2">
            {byDay.get(day)!.map((post) => (
              <li key={post.id}>
                <PostChip post={post} timeZone={timeZone} onOpen={onOpen} wide />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
