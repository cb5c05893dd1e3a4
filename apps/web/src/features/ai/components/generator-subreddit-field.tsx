import type { Ref } from 'react';
import { SubredditInput } from '../../../components/subreddit-input';
import { generatorFieldClasses } from './generator-field-classes';

interface SubredditFieldProps {
  id: string;
  value: string;
  error?: string;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/** The optional subreddit, shown when Reddit is picked, whose title rules the captions follow. */
export function SubredditField({ id, value, error, disabled, inputRef, onChange }: SubredditFieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-subreddit`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Subreddit (optional)
      </label>
      <SubredditInput
        id={`${id}-subreddit`}
        ref={inputRef}
        inputMode="text"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-subreddit-hint${error ? ` ${id}-subreddit-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
        className={generatorFieldClasses}
      />
      <p id={`${id}-subreddit-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        Reddit titles then follow that community&apos;s title rules.
      </p>
      {error && (
        <p
          id={`${id}-subreddit-error`}
          role="alert"
          className="text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
