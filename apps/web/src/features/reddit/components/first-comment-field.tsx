import { useId, type RefObject } from 'react';
import {
  firstCommentDelayChoices,
  firstCommentTexts,
  maxFirstCommentLength,
} from '@app/shared/posts-first-comment';
import { cn } from '../../../components/ui/cn';
import { errorClasses, fieldClasses, hintClasses, labelClasses } from './field-styles';

interface FirstCommentFieldProps {
  text: string;
  delayMinutes: number;
  onText: (text: string) => void;
  onDelay: (minutes: number) => void;
  error: string | undefined;
  disabled: boolean;
  textRef?: RefObject<HTMLTextAreaElement | null>;
}

/** The optional first comment under the post (docs/reddit-posting.md#first-comment) and when it goes out. */
export function FirstCommentField(props: FirstCommentFieldProps) {
  const { text, delayMinutes, onText, onDelay, error, disabled, textRef } = props;
  const id = useId();
  // A delay the menu does not offer (set through the API) is kept and shown as it is.
  const choices = (firstCommentDelayChoices as readonly number[]).includes(delayMinutes)
    ? firstCommentDelayChoices
    : [...firstCommentDelayChoices, delayMinutes].sort((a, b) => a - b);
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-text`} className={labelClasses}>
          {firstCommentTexts.label} <span className="font-normal text-zinc-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          rows={2}
          value={text}
          disabled={disabled}
          maxLength={maxFirstCommentLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => onText(event.target.value)}
          className={cn(fieldClasses, 'min-h-16 resize-y px-3 py-2')}
        />
        <p id={`${id}-hint`} className={hintClasses}>
          {firstCommentTexts.help}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className={errorClasses}>
            {error}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-delay`} className={labelClasses}>
          {firstCommentTexts.delayLabel}
        </label>
        <select
          id={`${id}-delay`}
          value={delayMinutes}
          disabled={disabled || text.trim() === ''}
          onChange={(event) => onDelay(Number(event.target.value))}
          className={cn(fieldClasses, 'h-10 px-3 sm:max-w-xs')}
        >
          {choices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {firstCommentTexts.delayChoice(minutes)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
