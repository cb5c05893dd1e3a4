import type { FormEvent, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';

interface ConfirmActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** Disables confirming until the fields inside are filled in. */
  canConfirm?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks before a moderation step; stays open while the request runs so its answer shows here. */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    confirmLabel,
    busy,
    canConfirm = true,
    danger,
    onConfirm,
    children,
  } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm && !busy) onConfirm();
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <form onSubmit={submit}>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {children ? <div className="mt-4 space-y-3">{children}</div> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button
              type="submit"
              variant={danger ? 'danger' : 'primary'}
              disabled={busy || !canConfirm}
              aria-busy={busy || undefined}
            >
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export const fieldClass =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-rose-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-white';
export const labelClass = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';
