import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { redditErrorText } from '../lib/reddit-error-text';

export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="space-y-2.5 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
            <div className="h-5 w-40 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-3.5 w-1/2 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
      <h4 className="font-semibold text-zinc-900 dark:text-white">{title}</h4>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{redditErrorText(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function EmptyState({
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
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <span className="text-zinc-400 [&_svg]:size-9">{icon}</span>
      <h4 className="font-semibold text-zinc-900 dark:text-white">{title}</h4>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      {action}
    </div>
  );
}
