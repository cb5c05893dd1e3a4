import { useId, type Ref } from 'react';
import { scheduleTimeChoices, type ScheduleTimeChoice } from '@app/shared/posts';
import { cn } from '../../../components/ui/cn';
import {
  formatPostTime,
  previewTime,
  timeChoiceLabels,
  toLocalInputValue,
  zoneLabel,
} from '../lib/schedule-time';
import { errorClasses, fieldClasses, hintClasses, labelClasses } from './field-styles';
import { formatTime } from '../../../lib/format/date-time';

interface TimeChoiceFieldProps {
  choice: ScheduleTimeChoice;
  custom: string;
  onChoice: (choice: ScheduleTimeChoice) => void;
  onCustom: (value: string) => void;
  now: Date;
  timeZone: string;
  /** The best time the server would pick for the community, when known. */
  optimalAt?: string;
  /** The community has no best times on record: optimal means right away. */
  optimalNow?: boolean;
  /** Whose hours the best time comes from (bestTimesNote), shown with the 'Best time' choice. */
  optimalNote?: string;
  error?: string;
  disabled?: boolean;
  customRef?: Ref<HTMLInputElement>;
}

/** docs/product.md#reddit-posting: the seven time choices as native radios, each showing when it would post, in the user's zone. */
export function TimeChoiceField(props: TimeChoiceFieldProps) {
  const {
    choice,
    custom,
    onChoice,
    onCustom,
    now,
    timeZone,
    optimalAt,
    optimalNow,
    optimalNote,
    error,
    disabled,
    customRef,
  } = props;
  const id = useId();
  const preview =
    choice === 'optimal' && optimalAt && !optimalNow ? new Date(optimalAt) : previewTime(choice, now, custom);

  function hint(option: ScheduleTimeChoice): string {
    if (option === 'optimal' && optimalNow) return 'Right away (no data yet)';
    if (option === 'optimal')
      return optimalAt
        ? formatPostTime(optimalAt, { now, timeZone }).replace(/ [^ ]+$/, '')
        : 'Picked for the community';
    if (option === 'now') return 'Within a minute';
    if (option === 'custom') {
      const picked = previewTime('custom', now, custom);
      return picked ? formatTime(picked, { timeZone }) : 'You choose';
    }
    return formatTime(previewTime(option, now, '')!, { timeZone });
  }

  return (
    <fieldset
      disabled={disabled}
      className="min-w-0 space-y-2"
      aria-describedby={`${id}-zone${error ? ` ${id}-error` : ''}`}
    >
      <legend className={labelClasses}>When to post</legend>
      <p id={`${id}-zone`} className={hintClasses}>
        Times are in your time zone, {zoneLabel(timeZone, now)}.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {scheduleTimeChoices.map((option) => {
          const checked = option === choice;
          return (
            <label
              key={option}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2 transition-colors select-none',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
                checked
                  ? 'border-rose-600 bg-rose-50 text-rose-900 dark:border-rose-400 dark:bg-rose-500/15 dark:text-rose-100'
                  : 'border-zinc-300 bg-white text-zinc-800 hover:border-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200',
              )}
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={option}
                checked={checked}
                onChange={() => onChoice(option)}
                className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <span className="text-sm font-medium">{timeChoiceLabels[option]}</span>
              <span aria-hidden="true" className="text-xs tabular-nums opacity-70">
                {hint(option)}
              </span>
            </label>
          );
        })}
      </div>
      {choice === 'custom' && (
        <div className="space-y-1.5 pt-1">
          <label htmlFor={`${id}-custom`} className={cn(labelClasses, 'block')}>
            Date and time
          </label>
          <input
            id={`${id}-custom`}
            ref={customRef}
            type="datetime-local"
            value={custom}
            min={toLocalInputValue(now)}
            step={60}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-zone${error ? ` ${id}-error` : ''}`}
            onChange={(event) => onCustom(event.target.value)}
            className={cn(fieldClasses, 'block h-10 px-3 sm:max-w-xs')}
          />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClasses}>
          {error}
        </p>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
        {choice === 'now' || (choice === 'optimal' && optimalNow)
          ? 'Goes to Reddit right after you schedule it.'
          : preview
            ? `Goes to Reddit ${formatPostTime(preview, { now, timeZone })}.`
            : choice === 'optimal'
              ? 'We pick the community’s next best posting time.'
              : ''}
        {choice === 'optimal' && !optimalNow && optimalNote ? ` ${optimalNote}` : ''}
      </p>
    </fieldset>
  );
}
