import { useState, type ComponentProps, type ReactNode } from 'react';
import {
  Download,
  FileDown,
  Repeat2,
  Shield,
  ShieldHalf,
  ShieldPlus,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { ProtectionPreviewResponse } from '@app/shared/imageshield';
import { hashNames, mediaTexts, type MediaAsset, type ProtectionLevel } from '@app/shared/media';
import { watermarkIsForced } from '@app/shared/plans';
import { useSessionUser } from '../../../lib/session-context';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useDeleteMedia } from '../api/delete-media';
import { useDownloadMedia } from '../api/download-media';
import { useDownloadProtectedCopy } from '../api/download-protected-copy';
import { useDiscardPreview, useKeepPreview, usePreviewProtection } from '../api/protect-image';
import { useQuickRepost } from '../api/quick-repost';
import { useReturnFocus } from '../hooks/use-return-focus';
// The one import across features: the measured-result panel is ImageShield's, shown here too.
import { ProtectionResult } from '../../../components/protection-result';
import { ConfirmMediaDelete } from './confirm-delete-dialog';
import { ImageCompare } from './image-compare';
import { PhotoCopies } from './photo-copies';
import { ProtectionPreview } from './protection-preview';
import { ContentRatingBadge, ProtectedBadge, RepostedBadge } from './media-badges';
import { WatermarkChoice } from './watermark-choice';
import { formatDateTime } from '../../../lib/format/date-time';
import { formatKilobytes } from '../../../lib/format/size';

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
  const user = useSessionUser();
  const protect = usePreviewProtection();
  const keep = useKeepPreview(image.id);
  const discard = useDiscardPreview();
  // The protection waiting for keep or discard; the photo is unchanged while it waits.
  const [preview, setPreview] = useState<ProtectionPreviewResponse | null>(null);
  const repost = useQuickRepost();
  const remove = useDeleteMedia();
  const download = useDownloadMedia();
  const downloadCopy = useDownloadProtectedCopy();
  const [confirming, setConfirming] = useState(false);
  const [showOriginal, setShowOriginal] = useState(false);
  // Starts from the last protection's choice, so protecting again at another level keeps it.
  const [addWatermark, setAddWatermark] = useState(image.protectionReport?.watermarked ?? false);
  const returnFocus = useReturnFocus();
  // Signed out cannot happen on /gallery; if it did, the server's rule (watermark) is the safe guess.
  const watermarkForced = user ? watermarkIsForced(user) : true;
  // docs/product.md#gallery-and-media: while any request runs, every button waits and the running one says what it does.
  const busy =
    preview !== null ||
    protect.isPending ||
    repost.isPending ||
    remove.isPending ||
    download.isPending ||
    downloadCopy.isPending;
  const protectingLevel = protect.isPending ? protect.variables?.level : undefined;
  const { protectedUrl } = image;

  function protectAt(level: ProtectionLevel) {
    protect.mutate(
      { id: image.id, level, watermark: watermarkForced ? undefined : addWatermark },
      { onSuccess: setPreview },
    );
  }

  function keepPreview(previewId: string) {
    keep.mutate(previewId, {
      onSuccess: () => {
        setPreview(null);
        setShowOriginal(false);
      },
    });
  }

  function discardPreview(previewId: string) {
    discard.mutate(previewId, { onSuccess: () => setPreview(null) });
  }

  // On success the image leaves the list, which closes this dialog (docs/product.md#gallery-and-media: Delete).
  function confirmDelete() {
    remove.mutate(image.id, { onError: () => setConfirming(false) });
  }

  return (
    <>
      <DialogTitle>{mediaTexts.detailsTitle}</DialogTitle>
      <DialogDescription className="pr-6 wrap-anywhere">{image.filename}</DialogDescription>
      {preview ? (
        <ProtectionPreview
          image={image}
          preview={preview}
          keeping={keep.isPending}
          discarding={discard.isPending}
          onKeep={() => keepPreview(preview.previewId)}
          onDiscard={() => discardPreview(preview.previewId)}
        />
      ) : (
        <ImageCompare
          image={image}
          showOriginal={showOriginal}
          onShowOriginalChange={setShowOriginal}
          disabled={busy}
        />
      )}
      {(image.isProtected || image.lastRepostedAt || image.contentRating) && (
        <div className="mt-4 flex flex-wrap gap-2">
          <ContentRatingBadge rating={image.contentRating} />
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
      {image.protectionReport && (
        <ProtectionResult report={image.protectionReport} level={image.protectionLevel} className="mt-6" />
      )}
      {image.isProtected && <PhotoCopies assetId={image.id} disabled={busy} />}
      <WatermarkChoice
        forced={watermarkForced}
        checked={addWatermark}
        onCheckedChange={setAddWatermark}
        disabled={busy}
        username={user?.username}
      />
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
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
            onClick={() => protectAt(level)}
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
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
          {protect.isPending
            ? `Protecting and measuring ${hashNames.length} fingerprints. This takes a few seconds.`
            : ''}
        </p>
        {protectedUrl && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-busy={downloadCopy.isPending || undefined}
            disabled={busy}
            onClick={() => downloadCopy.mutate({ protectedUrl, filename: image.filename })}
          >
            <FileDown aria-hidden="true" />
            Download protected copy
          </Button>
        )}
      </div>
      <ConfirmMediaDelete
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
 * docs/product.md#gallery-and-media: the 'Image Details' dialog with its six actions. Its width uses sm:/lg: variants because
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
