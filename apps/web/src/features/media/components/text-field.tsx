import type { ComponentProps } from 'react';
import { cn } from '../../../components/ui/cn';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange'> {
  id: string;
  label: string;
  hint?: string;
  onValueChange: (value: string) => void;
}

/** A labelled text input with its hint read out alongside. */
export function TextField({ id, label, hint, onValueChange, className, ...props }: TextFieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        type="text"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn(
          'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm transition-colors',
          'placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30',
          'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500',
          className,
        )}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
