import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { historyTexts } from '../lib/history-texts';

interface ConfirmHistoryDeleteProps {
  /** The title of the item to delete; null when the dialog is closed. */
  title: string | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Asks before an item leaves the history. */
export function ConfirmHistoryDelete({ title, onCancel, ...rest }: ConfirmHistoryDeleteProps) {
  return (
    <ConfirmDeleteDialog
      {...rest}
      open={title !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Delete “${title ?? ''}”?`}
      description="It is removed from your history for good. Anything you saved from it stays in your saved content."
      confirmLabel={historyTexts.delete}
      busyLabel={historyTexts.deleting}
    />
  );
}
