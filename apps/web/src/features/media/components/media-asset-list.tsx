import { useState, type RefObject } from 'react';
import { Film, Trash2 } from 'lucide-react';
import type { MediaAsset } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { useDeleteMedia } from '../api/delete-media';
import { useReturnFocus } from '../hooks/use-return-focus';
import { ConfirmMediaDelete } from './confirm-delete-dialog';
import { WatermarkBadge } from './media-badges';
import { formatDate } from '../../../lib/format/date-time';
import { formatBytes } from '../../../lib/format/size';

function Thumbnail({ asset }: { asset: MediaAsset }) {
  if (asset.kind === 'video') {
    return (
      <span className="relative block size-full">
        {/* The first frame serves as the poster; #t= asks browsers that would show nothing to seek to it. */}
        <video
          src={`${asset.thumbnailUrl}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          aria-label={asset.filename}
          className="size-full object-cover"
        />
        <span className="absolute right-1 bottom-1 rounded bg-zinc-950/70 p-0.5 text-white">
          <Film aria-hidden="true" className="size-3.5" />
        </span>
      </span>
    );
  }
  return (
    <img
      src={asset.thumbnailUrl}
      alt={asset.filename}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
}

interface AssetRowProps {
  asset: MediaAsset;
  onDelete: (button: HTMLElement) => void;
  deleting: boolean;
}

function AssetRow({ asset, onDelete, deleting }: AssetRowProps) {
  return (
    <li className="flex items-center gap-3 py-3 sm:gap-4">
      <span className="size-16 shrink-0 overflow-hidden rounded-lg bg-zinc-100 sm:size-20 dark:bg-zinc-800">
        <Thumbnail asset={asset} />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-white">{asset.filename}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {asset.type} · <span className="tabular-nums">{formatBytes(asset.size)}</span>
          <span className="hidden sm:inline"> · </span>
          <time dateTime={asset.createdAt} className="block sm:inline">
            {formatDate(asset.createdAt)}
          </time>
        </p>
        <WatermarkBadge hasWatermark={asset.hasWatermark} />
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${asset.filename}`}
        disabled={deleting}
        onClick={(event) => onDelete(event.currentTarget)}
        className="text-zinc-500 hover:text-red-600 dark:hover:text-red-400"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

interface MediaAssetListProps {
  assets: MediaAsset[];
  /** Takes focus after a delete, when the row whose button opened the confirmation is gone. */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/** docs/product.md#gallery-and-media: the media tab's list of images and videos, each deletable after a confirmation. */
export function MediaAssetList({ assets, fallbackFocus }: MediaAssetListProps) {
  const remove = useDeleteMedia();
  const [pendingDelete, setPendingDelete] = useState<MediaAsset | null>(null);
  const returnFocus = useReturnFocus(fallbackFocus);
  const deletingId = remove.isPending ? remove.variables : undefined;

  function askToDelete(asset: MediaAsset, button: HTMLElement) {
    returnFocus.remember(button);
    setPendingDelete(asset);
  }

  function confirmDelete() {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) });
  }

  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {assets.map((asset) => (
          <AssetRow
            key={asset.id}
            asset={asset}
            deleting={deletingId === asset.id}
            onDelete={(button) => askToDelete(asset, button)}
          />
        ))}
      </ul>
      <ConfirmMediaDelete
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        filename={pendingDelete?.filename ?? ''}
        kind={pendingDelete?.kind ?? 'image'}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
