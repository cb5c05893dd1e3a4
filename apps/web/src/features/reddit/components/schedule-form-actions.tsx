import { CalendarCheck, LoaderCircle, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { redditPageTexts } from '../lib/reddit-texts';

interface ScheduleFormActionsProps {
  editing: boolean;
  postNow: boolean;
  busy: boolean;
  checking: boolean;
  scheduling: boolean;
  updating: boolean;
  onStopEditing: () => void;
  onCheck: () => void;
}

/** Stop editing, check the rules, and the submit button that says what it will do. */
export function ScheduleFormActions(props: ScheduleFormActionsProps) {
  const { editing, postNow, busy, checking, scheduling, updating, onStopEditing, onCheck } = props;
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {editing && (
        <Button type="button" variant="ghost" disabled={busy} onClick={onStopEditing}>
          {redditPageTexts.stopEditing}
        </Button>
      )}
      <Button
        type="button"
        variant="outline"
        disabled={busy}
        aria-busy={checking || undefined}
        onClick={onCheck}
      >
        {checking ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <ShieldCheck aria-hidden="true" className="size-4" />
        )}
        {checking ? redditPageTexts.checking : redditPageTexts.check}
      </Button>
      <Button type="submit" disabled={busy} aria-busy={scheduling || updating || undefined}>
        {scheduling || updating ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <CalendarCheck aria-hidden="true" className="size-4" />
        )}
        {scheduling
          ? redditPageTexts.scheduling
          : updating
            ? redditPageTexts.saving
            : editing
              ? redditPageTexts.save
              : postNow
                ? redditPageTexts.postNow
                : redditPageTexts.schedule}
      </Button>
    </div>
  );
}
