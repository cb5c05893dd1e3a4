import { useState, type FormEvent } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { calendarStatusLabels, calendarStatusOf } from '@app/shared/posts-calendar';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatDateTime } from '../../../lib/format/date-time';
import { calendarPageTexts as texts } from '../lib/calendar-texts';
import { fieldClasses } from '../components/field-styles';
import { dayKeyOf, timeOfDay, zonedMoment } from './calendar-dates';

interface PostDetailsDialogProps {
  post: ScheduledPost;
  timeZone: string;
  /** Opens straight on the move form (the chip's Move from the keyboard). */
  startMoving?: boolean;
  isMoving: boolean;
  onMove: (post: ScheduledPost, at: Date) => void;
  onEdit: (post: ScheduledPost) => void;
  onClose: () => void;
}

/** A calendar post's details, and for a pending one: move it (date and time inputs) or edit it. */
export function PostDetailsDialog(props: PostDetailsDialogProps) {
  const { post, timeZone, isMoving, onMove, onEdit, onClose } = props;
  const status = calendarStatusOf(post);
  const [moving, setMoving] = useState(props.startMoving ?? false);
  const at = new Date(post.scheduledAt);
  const [day, setDay] = useState(() => dayKeyOf(at, timeZone));
  const [time, setTime] = useState(() => timeOfDay(at, timeZone));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!day || !time) return;
    onMove(post, zonedMoment(day, time, timeZone));
  }

  return (
    <ModalDialog
      title={moving ? texts.moveTitle : post.titleFinal}
      description={
        moving
          ? texts.moveDescription(post.subreddit)
          : `${calendarStatusLabels[status]} · r/${post.subreddit} · ${formatDateTime(at, { timeZone })}`
      }
      onClose={onClose}
      closeLabel={texts.close}
      className="w-[min(28rem,calc(100vw-2rem))]"
    >
      {moving ? (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="grid gap-1 text-sm font-medium">
              {texts.dateLabel}
              <input
                type="date"
                required
                value={day}
                onChange={(event) => setDay(event.target.value)}
                className={`${fieldClasses} h-10 px-3`}
              />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {texts.timeLabel}
              <input
                type="time"
                required
                value={time}
                onChange={(event) => setTime(event.target.value)}
                className={`${fieldClasses} h-10 px-3`}
              />
            </label>
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{texts.zone(timeZone)}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {texts.close}
            </Button>
            <Button type="submit" disabled={isMoving}>
              {isMoving ? texts.moving : texts.move}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 space-y-3 text-sm">
          {post.redditUsername && <p>{texts.account(post.redditUsername)}</p>}
          {status === 'failed' && post.resultJson?.error && (
            <p className="text-red-700 dark:text-red-300">{post.resultJson.error}</p>
          )}
          {status === 'removed' && <p>{texts.removedBy(post.outcome?.removedBy ?? null)}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            {post.resultJson?.url && (
              <Button asChild variant="outline">
                <a href={post.resultJson.url} target="_blank" rel="noreferrer">
                  {texts.viewOnReddit}
                </a>
              </Button>
            )}
            {status === 'pending' && (
              <>
                <Button variant="outline" onClick={() => onEdit(post)}>
                  {texts.edit}
                </Button>
                <Button onClick={() => setMoving(true)}>{texts.move}</Button>
              </>
            )}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
