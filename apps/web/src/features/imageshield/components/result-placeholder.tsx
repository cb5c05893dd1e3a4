import { LoaderCircle, ScanSearch } from 'lucide-react';

/** Where the before and after will appear; also shown while the result view's code arrives. */
export function ResultPlaceholder({ busy }: { busy: boolean }) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-zinc-200 p-8 text-center dark:border-zinc-800">
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-rose-500" />
      ) : (
        <ScanSearch aria-hidden="true" className="size-10 text-zinc-300 dark:text-zinc-700" />
      )}
      <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">
        {busy
          ? 'Your before and after appears here in a few seconds.'
          : 'Your photo and its protected copy will appear here side by side, with what each fingerprint detector measured.'}
      </p>
    </div>
  );
}
