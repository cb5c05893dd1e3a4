import { LoaderCircle } from 'lucide-react';
import { shellTexts } from '@app/shared/messages';
import { cn } from './cn';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A spinner announced to screen readers through role=status; the label is also shown. */
export function Spinner({ label = shellTexts.loading, className }: SpinnerProps) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-rose-600 dark:text-rose-400" />
      <span className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</span>
    </div>
  );
}

export function FullScreenSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-dvh w-full" />;
}
