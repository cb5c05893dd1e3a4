import { Trash2 } from 'lucide-react';
import { mediaTexts } from '@app/shared/media';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filename: string;
  kind: 'image' | 'video';
  isDeleting: boolean;
  onConfirm: () => void;
  /** Where focus goes on close; by default it returns to the button that opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Asks before a file is deleted for good. It stays open while the request runs, so the answer
 * shows where the user clicked; the caller closes it when the delete is done.
 */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { open, onOpenChange, filename, kind, isDeleting, onConfirm, onCloseAutoFocus } = props;
  return (
    // While the delete runs the question stays up (Escape included), so its outcome shows here.
    <AlertDialog open={open} onOpenChange={(next) => !isDeleting && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle className="break-words">Delete {filename}?</AlertDialogTitle>
        <AlertDialogDescription>
          The {kind} and all its protected copies are removed for good. This cannot be undone.
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
            {isDeleting ? mediaTexts.deleting : mediaTexts.delete}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
