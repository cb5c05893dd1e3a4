import { CircleAlert, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { userFacingMessage } from '../../../lib/request';

/** Placeholder rows while the list loads, announced once to screen readers. */
export function CommunitiesSkeleton() {
  return (
    <div role="status" aria-live="polite" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      <span className="sr-only">Loading communities...</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex items-center gap-4 px-4 py-4">
          <div className="flex-1 space-y-2">
            <div className="h-4 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-3 w-24 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
          </div>
          <div className="hidden h-5 w-16 animate-pulse rounded-full bg-zinc-200 sm:block dark:bg-zinc-800" />
          <div className="hidden h-5 w-20 animate-pulse rounded-full bg-zinc-200 md:block dark:bg-zinc-800" />
          <div className="h-8 w-24 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800" />
        </div>
      ))}
    </div>
  );
}

/** Nothing to show: with filters set, offer to clear them. */
export function CommunitiesEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="size-10 text-zinc-400" />
      <h3 className="font-semibold text-zinc-900 dark:text-white">
        {filtered ? 'No communities match these filters' : 'No communities yet'}
      </h3>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
        {filtered
          ? 'Try a shorter search or another category, promotion or verification choice.'
          : 'The database is being filled. Check back in a few minutes.'}
      </p>
      {filtered && (
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/** The list could not be loaded: the catalogue's (or server's) message and a way to try again. */
export function CommunitiesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-red-500" />
      <h3 className="font-semibold text-zinc-900 dark:text-white">Communities could not be loaded</h3>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{userFacingMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
