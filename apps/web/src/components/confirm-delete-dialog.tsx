import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  isDeleting: boolean;
  onConfirm: () => void;
  /** Where focus goes on close; by default it returns to the button that opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Asks before something is deleted for good. It stays open while the request runs (Escape
 * included), so the answer shows where the user clicked; the caller closes it when done.
 */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    confirmLabel,
    busyLabel,
    isDeleting,
    onConfirm,
    onCloseAutoFocus,
  } = props;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !isDeleting && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={isDeleting}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            disabled={isDeleting}
            aria-busy={isDeleting || undefined}
            onClick={onConfirm}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {isDeleting ? busyLabel : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
