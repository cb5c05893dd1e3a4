import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';

export const newKeyTexts = {
  title: 'Copy your new API key',
  warning:
    'This is the only time the whole key is shown. Copy it now and keep it somewhere safe, such as a password manager. If you lose it, revoke it and create a new one.',
  secretLabel: 'Your new API key',
  copy: 'Copy key',
  done: "I've copied it",
} as const;

interface NewApiKeyDialogProps {
  /** The created key's name and whole secret; null closes the dialog. */
  created: { name: string; secret: string } | null;
  onClose: () => void;
}

/** Shows a new key's secret once; closing the dialog forgets it (the caller drops it from state). */
export function NewApiKeyDialog({ created, onClose }: NewApiKeyDialogProps) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {/* A stray click beside the dialog must not throw the secret away before it was copied. */}
      <DialogContent className="max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogTitle>{newKeyTexts.title}</DialogTitle>
        <DialogDescription>
          Key <span className="font-medium text-zinc-900 dark:text-white">{created?.name}</span> is ready.
        </DialogDescription>
        <p
          role="note"
          className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {newKeyTexts.warning}
        </p>
        <div className="mt-4 space-y-1.5">
          <label
            htmlFor="new-api-key-secret"
            className="text-sm font-medium text-zinc-800 dark:text-zinc-200"
          >
            {newKeyTexts.secretLabel}
          </label>
          <div className="flex items-start gap-2">
            {/* A textarea wraps the whole key into view, so it can be checked by eye as well. */}
            <textarea
              id="new-api-key-secret"
              readOnly
              rows={2}
              value={created?.secret ?? ''}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 resize-none rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-sm break-all text-zinc-900 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
            />
            <CopyButton text={created?.secret ?? ''} label={newKeyTexts.copy} size="md" />
          </div>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>{newKeyTexts.done}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
