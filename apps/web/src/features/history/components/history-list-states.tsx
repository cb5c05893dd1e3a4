import type { ReactNode } from 'react';

/** Placeholder cards while the list loads, announced once. */
export function HistorySkeleton({ label, cards = 4 }: { label: string; cards?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="space-y-3 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
            <div className="flex gap-2">
              <div className="h-5 w-16 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-5 w-20 animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800/60" />
            </div>
            <div className="h-5 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="space-y-2">
              <div className="h-3.5 w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
              <div className="h-3.5 w-5/6 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function HistoryEmpty({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <span className="text-zinc-400 [&_svg]:size-10">{icon}</span>
      <h3 className="font-semibold text-zinc-900 dark:text-white">{title}</h3>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      {action}
    </div>
  );
}
