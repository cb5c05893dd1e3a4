import { useId } from 'react';
import type { ProtectionLevel } from '@app/shared/media';
import { cn } from '../../../components/ui/cn';
import { levelOptions } from '../lib/levels';

interface LevelPickerProps {
  value: ProtectionLevel;
  onChange: (level: ProtectionLevel) => void;
  disabled: boolean;
}

/** Native radios styled as cards: arrow keys, form semantics and screen readers work as usual. */
export function LevelPicker({ value, onChange, disabled }: LevelPickerProps) {
  const id = useId();
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Protection level</legend>
      {/* Three across only while the form has the page's full width (sm to lg). */}
      <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1">
        {levelOptions.map((option) => (
          <label
            key={option.level}
            className={cn(
              'relative flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors sm:flex-col sm:gap-1 lg:flex-row lg:gap-3',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
              'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
              value === option.level
                ? 'border-rose-500 bg-rose-50 ring-1 ring-rose-500 dark:border-rose-400 dark:bg-rose-500/10 dark:ring-rose-400'
                : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700',
            )}
          >
            <input
              type="radio"
              name="protection-level"
              value={option.level}
              checked={value === option.level}
              onChange={() => onChange(option.level)}
              aria-labelledby={`${id}-${option.level}-label ${id}-${option.level}-summary`}
              aria-describedby={`${id}-${option.level}-detail`}
              className="mt-0.5 size-4 shrink-0 accent-rose-600 sm:absolute sm:top-3 sm:right-3 sm:mt-0 lg:static lg:mt-0.5"
            />
            <span className="min-w-0">
              <span
                id={`${id}-${option.level}-label`}
                className="block text-sm font-semibold text-zinc-900 dark:text-white"
              >
                {option.label}
              </span>
              <span
                id={`${id}-${option.level}-summary`}
                className="block text-xs font-medium text-rose-700 dark:text-rose-300"
              >
                {option.summary}
              </span>
              <span
                id={`${id}-${option.level}-detail`}
                className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400"
              >
                {option.detail}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
