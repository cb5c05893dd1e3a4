import { CircleAlert } from 'lucide-react';
import { userFacingMessage } from '../lib/request';
import { Button } from './ui/button';

/** The list could not be loaded: what went wrong and a way to try again. */
export function ListLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-red-500" />
      <h3 className="font-semibold text-zinc-900 dark:text-white">{title}</h3>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{userFacingMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
