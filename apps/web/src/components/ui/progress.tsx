import { Progress as RadixProgress } from 'radix-ui';
import { cn } from './cn';

interface ProgressProps {
  /** 0 to 100. */
  value: number;
  /** Names the bar for screen readers, e.g. "Uploading beach.jpg". */
  label: string;
  /** Read out instead of the bare number, e.g. "Processing". */
  valueText?: string;
  tone?: 'brand' | 'warning';
  className?: string;
}

/** A determinate progress bar (role="progressbar" with aria-valuenow). */
export function Progress({ value, label, valueText, tone = 'brand', className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <RadixProgress.Root
      value={clamped}
      max={100}
      aria-label={label}
      getValueLabel={valueText ? () => valueText : undefined}
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800',
        className,
      )}
    >
      <RadixProgress.Indicator
        className={cn(
          'h-full w-full rounded-full transition-transform duration-300 ease-out',
          tone === 'warning' ? 'bg-amber-500 dark:bg-amber-400' : 'bg-rose-600 dark:bg-rose-500',
        )}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </RadixProgress.Root>
  );
}
