import { mediaTexts } from '@app/shared/media';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';

interface ConfirmMediaDeleteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filename: string;
  kind: 'image' | 'video';
  isDeleting: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before a file and its protected copies are deleted; the toast then offers Undo for a while. */
export function ConfirmMediaDelete({ filename, kind, ...rest }: ConfirmMediaDeleteProps) {
  return (
    <ConfirmDeleteDialog
      {...rest}
      title={`Delete ${filename}?`}
      description={mediaTexts.confirmDeleteText(kind)}
      confirmLabel={mediaTexts.delete}
      busyLabel={mediaTexts.deleting}
    />
  );
}
