import { useId, type ReactNode, type Ref } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

interface ChoiceChipsProps<T extends string | number> {
  /** checkbox: any number may be on; radio: exactly one. */
  kind: 'checkbox' | 'radio';
  name: string;
  legend: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: T; label: string }>;
  isChecked: (value: T) => boolean;
  onToggle: (value: T) => void;
  disabled?: boolean;
  /** Shown under the chips and tied to them with aria-describedby. */
  error?: string;
  errorId?: string;
  /** The first input, to move focus here when the group needs attention. */
  firstInputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * Native checkboxes or radios drawn as chips: keyboard (Tab, Space, arrow keys for radios), form
 * semantics and screen readers work as they always do.
 */
export function ChoiceChips<T extends string | number>(props: ChoiceChipsProps<T>) {
  const {
    kind,
    name,
    legend,
    hint,
    options,
    isChecked,
    onToggle,
    disabled,
    error,
    errorId,
    firstInputRef,
    className,
  } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  // Unique per form, so two generators on one page never share a radio group.
  const groupName = `${id}-${name}`;
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={
        [hint ? hintId : '', error && errorId ? errorId : ''].filter(Boolean).join(' ') || undefined
      }
      aria-invalid={error ? true : undefined}
      className={cn('min-w-0', className)}
    >
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option, index) => {
          const checked = isChecked(option.value);
          return (
            <label
              key={option.value}
              className={cn(
                'relative inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors select-none',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
                'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
                checked
                  ? 'border-rose-600 bg-rose-600 text-white dark:border-rose-500 dark:bg-rose-500 dark:text-zinc-950'
                  : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-600 dark:hover:bg-zinc-800',
                error && !checked && 'border-red-400 dark:border-red-500/60',
              )}
            >
              <input
                ref={index === 0 ? firstInputRef : undefined}
                type={kind}
                name={groupName}
                value={String(option.value)}
                checked={checked}
                onChange={() => onToggle(option.value)}
                // Invisible but covering the chip, so a click or tap anywhere on it lands on the input itself.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
              />
              {kind === 'checkbox' && checked && <Check aria-hidden="true" className="-ml-0.5 size-4" />}
              {option.label}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
