import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { historyTexts } from '../lib/history-texts';

interface ConfirmDeleteDialogProps {
  /** The title of the item to delete; null when the dialog is closed. */
  title: string | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Asks before an item leaves the history; stays open while the delete runs so its outcome shows. */
export function ConfirmDeleteDialog({
  title,
  isDeleting,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={title !== null} onOpenChange={(open) => !open && !isDeleting && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle className="break-words">Delete “{title}”?</AlertDialogTitle>
        <AlertDialogDescription>
          It is removed from your history for good. Anything you saved from it stays in your saved content.
        </AlertDialogDescription>
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
            {isDeleting ? historyTexts.deleting : historyTexts.delete}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
