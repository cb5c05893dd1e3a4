import { useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from './ui/cn';

const inputClasses = cn(
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm transition-colors',
  'placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-rose-500',
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500',
);

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange'> {
  id: string;
  label: string;
  error?: string;
  /** Shown under the input (and read out with it). */
  hint?: ReactNode;
  /** Extra content on the label's line, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** A control inside the input's right edge, e.g. the show/hide toggle. */
  trailing?: ReactNode;
  onValueChange: (value: string) => void;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function FormField(props: FormFieldProps) {
  const { id, label, error, hint, labelAside, trailing, onValueChange, className, ...inputProps } = props;
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5 text-left">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
          className={cn(inputClasses, className)}
          {...inputProps}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      {hint && <div id={`${id}-hint`}>{hint}</div>}
    </div>
  );
}

/** A password input with a show/hide toggle button. */
export function PasswordField({ className, ...props }: Omit<FormFieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <FormField
      type={shown ? 'text' : 'password'}
      className={cn('pr-10', className)}
      {...props}
      trailing={
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-label={`${shown ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          aria-pressed={shown}
          disabled={props.disabled}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}
