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

/**
 * A determinate progress bar (role="progressbar" with aria-valuenow), in plain markup: the same
 * attributes Radix's Progress renders, without its 1 kB on the visitors' ImageShield page (decision 033).
 */
export function Progress({ value, label, valueText, tone = 'brand', className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText ?? `${Math.round(clamped)}%`}
      data-state={clamped === 100 ? 'complete' : 'loading'}
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800',
        className,
      )}
    >
      <div
        className={cn(
          'h-full w-full rounded-full transition-transform duration-300 ease-out',
          tone === 'warning' ? 'bg-amber-500 dark:bg-amber-400' : 'bg-rose-600 dark:bg-rose-500',
        )}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  );
}
