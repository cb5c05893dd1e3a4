import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a destructive step; stays open while it runs so its outcome shows. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, cancelLabel, confirmLabel, busyLabel, isBusy, onCancel, onConfirm } =
    props;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !isBusy && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={isBusy}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant="danger" disabled={isBusy} aria-busy={isBusy || undefined} onClick={onConfirm}>
            {isBusy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
