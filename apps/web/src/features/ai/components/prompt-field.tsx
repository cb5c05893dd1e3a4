import type { Ref } from 'react';
import { promptMaxLength } from '@app/shared/ai';
import { cn } from '../../../components/ui/cn';
import { generatorFieldClasses } from './generator-field-classes';

interface PromptFieldProps {
  id: string;
  value: string;
  error?: string;
  disabled: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** The prompt with its character count; Ctrl/⌘+Enter generates. */
export function PromptField({ id, value, error, disabled, inputRef, onChange, onSubmit }: PromptFieldProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={`${id}-prompt`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Prompt
        </label>
        <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400" aria-hidden="true">
          {value.length}/{promptMaxLength}
        </span>
      </div>
      <textarea
        id={`${id}-prompt`}
        ref={inputRef}
        rows={4}
        value={value}
        maxLength={promptMaxLength}
        disabled={disabled}
        placeholder="e.g. Golden-hour selfie on my balcony in a new red dress, feeling confident"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-prompt-hint${error ? ` ${id}-prompt-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter generates without leaving the keyboard.
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
        className={cn(generatorFieldClasses, 'min-h-28 resize-y px-3 py-2')}
      />
      <p id={`${id}-prompt-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        Optional when you pick platforms. Up to {promptMaxLength.toLocaleString('en-US')} characters.
      </p>
      {error && (
        <p
          id={`${id}-prompt-error`}
          role="alert"
          className="text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
