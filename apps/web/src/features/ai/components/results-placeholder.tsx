import { CircleAlert, LoaderCircle, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** What the results column shows before the first answer, while one is written, or after a failure. */
export function ResultsPlaceholder({
  state,
  error,
  onRetry,
}: {
  state: 'idle' | 'pending' | 'error';
  error?: string;
  onRetry?: () => void;
}) {
  if (state === 'error') {
    return (
      <div
        role="alert"
        className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border border-red-200 bg-red-50/50 p-8 text-center dark:border-red-500/30 dark:bg-red-500/5"
      >
        <CircleAlert aria-hidden="true" className="size-10 text-red-500" />
        <h2 className="font-semibold text-zinc-900 dark:text-white">Generation failed</h2>
        <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">{error}</p>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  if (state === 'pending') {
    return (
      <div role="status" className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-rose-600" />
          Writing your captions... this takes a few seconds.
        </p>
        <div aria-hidden="true" className="grid gap-4">
          {[0, 1].map((index) => (
            <div
              key={index}
              className="space-y-3 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800"
            >
              <div className="h-5 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="space-y-2 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-800/40">
                <div className="h-3.5 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
                <div className="h-3.5 w-11/12 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
                <div className="h-3.5 w-3/5 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              </div>
              <div className="flex gap-2">
                <div className="h-8 w-28 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800" />
                <div className="h-8 w-24 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-zinc-200 p-8 text-center dark:border-zinc-800">
      <Wand2 aria-hidden="true" className="size-10 text-zinc-300 dark:text-zinc-700" />
      <h2 className="font-semibold text-zinc-900 dark:text-white">Your captions appear here</h2>
      <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">
        Titles, captions, hashtags and a photo idea for each platform you pick, each with a copy button.
      </p>
    </div>
  );
}
