import { useState, type ComponentProps, type ReactNode } from 'react';
import { Download, Repeat2, Shield, ShieldHalf, ShieldPlus, Trash2, type LucideIcon } from 'lucide-react';
import { mediaTexts, type MediaAsset, type ProtectionLevel } from '@app/shared/media';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useDeleteMedia } from '../api/delete-media';
import { useDownloadMedia } from '../api/download-media';
import { useProtectImage } from '../api/protect-image';
import { useQuickRepost } from '../api/quick-repost';
import { useReturnFocus } from '../hooks/use-return-focus';
import { formatDateTime } from '../lib/format-date';
import { formatKilobytes } from '../lib/format-size';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ProtectedBadge, RepostedBadge } from './media-badges';

const protectButtons: ReadonlyArray<{ level: ProtectionLevel; label: string; icon: LucideIcon }> = [
  { level: 'standard', label: mediaTexts.quickProtect, icon: Shield },
  { level: 'light', label: mediaTexts.lightShield, icon: ShieldHalf },
  { level: 'heavy', label: mediaTexts.heavyShield, icon: ShieldPlus },
];

function ActionButton({
  icon: Icon,
  label,
  variant = 'outline',
  busy = false,
  ...props
}: { icon: LucideIcon; label: string; variant?: ButtonVariant; busy?: boolean } & ComponentProps<'button'>) {
  return (
    <Button variant={variant} className="w-full px-3" aria-busy={busy || undefined} {...props}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-zinc-900 dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * The dialog's body for one image; keyed by id so its request states belong to that image. The
 * delete confirmation lives here too, so it goes away with the image.
 */
function ImageDetails({ image }: { image: MediaAsset }) {
  const protect = useProtectImage();
  const repost = useQuickRepost();
  const remove = useDeleteMedia();
  const download = useDownloadMedia();
  const [confirming, setConfirming] = useState(false);
  const returnFocus = useReturnFocus();
  // Spec 4: while any request runs, every button waits and the running one says what it does.
  const busy = protect.isPending || repost.isPending || remove.isPending || download.isPending;
  const protectingLevel = protect.isPending ? protect.variables?.level : undefined;

  // On success the image leaves the list, which closes this dialog (spec 4: Delete).
  function confirmDelete() {
    remove.mutate(image.id, { onError: () => setConfirming(false) });
  }

  return (
    <>
      <DialogTitle>{mediaTexts.detailsTitle}</DialogTitle>
      <DialogDescription className="pr-6 wrap-anywhere">{image.filename}</DialogDescription>
      <div className="mt-4 overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-950">
        <img
          src={image.signedUrl}
          alt={image.filename}
          className="mx-auto max-h-[50dvh] w-full object-contain"
        />
      </div>
      {(image.isProtected || image.lastRepostedAt) && (
        <div className="mt-4 flex flex-wrap gap-2">
          <ProtectedBadge asset={image} />
          <RepostedBadge lastRepostedAt={image.lastRepostedAt} />
        </div>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Type">{image.type}</Fact>
        <Fact label="Size">{formatKilobytes(image.size)}</Fact>
        <Fact label="Created">
          <time dateTime={image.createdAt}>{formatDateTime(image.createdAt)}</time>
        </Fact>
      </dl>
      <div className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <ActionButton
          icon={Repeat2}
          variant="primary"
          label={repost.isPending ? mediaTexts.reposting : mediaTexts.quickRepost}
          busy={repost.isPending}
          disabled={busy}
          onClick={() => repost.mutate(image.id)}
        />
        {protectButtons.map(({ level, label, icon }) => (
          <ActionButton
            key={level}
            icon={icon}
            label={protectingLevel === level ? mediaTexts.protecting : label}
            busy={protectingLevel === level}
            disabled={busy}
            onClick={() => protect.mutate({ id: image.id, level })}
          />
        ))}
        <ActionButton
          icon={Download}
          label={mediaTexts.download}
          busy={download.isPending}
          disabled={busy}
          onClick={() => download.mutate(image)}
        />
        <ActionButton
          icon={Trash2}
          variant="danger-outline"
          label={remove.isPending ? mediaTexts.deleting : mediaTexts.delete}
          busy={remove.isPending}
          disabled={busy}
          onClick={(event) => {
            returnFocus.remember(event.currentTarget);
            setConfirming(true);
          }}
        />
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        filename={image.filename}
        kind="image"
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
    </>
  );
}

interface ImageDetailsDialogProps {
  /** The image to show; the dialog is closed without one. */
  image: MediaAsset | undefined;
  onClose: () => void;
  /** Where focus goes on close (see useReturnFocus). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Spec 2: the 'Image Details' dialog with its six actions. Its width uses sm:/lg: variants because
 * a plain max-w-* would not reliably beat the base max-w-md (cn does not merge classes).
 */
export function ImageDetailsDialog({ image, onClose, onCloseAutoFocus }: ImageDetailsDialogProps) {
  return (
    <Dialog open={image !== undefined} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <DialogContent className="sm:max-w-2xl lg:max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
          <ImageDetails key={image.id} image={image} />
        </DialogContent>
      )}
    </Dialog>
  );
}
