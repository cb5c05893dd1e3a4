import type { ReactNode } from 'react';

/** Placeholder tiles while the list loads, announced once to screen readers. */
export function MediaSkeleton({ label, tiles = 8 }: { label: string; tiles?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: tiles }, (_, index) => (
          <div key={index} className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
            <div className="aspect-square animate-pulse bg-zinc-200 dark:bg-zinc-800" />
            <div className="space-y-2 p-3">
              <div className="h-3.5 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Nothing to show yet, or nothing matching. */
export function MediaEmpty({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <span className="text-zinc-400 [&_svg]:size-10">{icon}</span>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      {action}
    </div>
  );
}
