import { Eye, ShieldCheck } from 'lucide-react';
import { contentRatingTexts, mediaTexts, type MediaAsset } from '@app/shared/media';
import type { GridBreakpoint } from '../../../components/virtual-list/grid-layout';
import { cn } from '../../../components/ui/cn';
import { VirtualGrid } from '../../../components/virtual-list/virtual-grid';
import { formatKilobytes } from '../../../lib/format/size';

interface GalleryGridProps {
  images: MediaAsset[];
  onOpen: (id: string, card: HTMLElement) => void;
  /** All images when known; -1 while more pages may follow. */
  setSize: number;
  label: string;
  /** The previous list, dimmed, while another tag's images load. */
  busy?: boolean;
}

/**
 * docs/product.md#gallery-and-media: 2 columns on small screens, 3 medium, 4 large. The widths are
 * the grid's own at Tailwind's sm/md/lg window widths less the page's padding (e.g. 768 − 2 × 24).
 */
export const galleryBreakpoints: readonly GridBreakpoint[] = [
  { minWidth: 0, columns: 2, gap: 12 },
  { minWidth: 592, columns: 2, gap: 16 },
  { minWidth: 720, columns: 3, gap: 16 },
  { minWidth: 960, columns: 4, gap: 16 },
];

// Solid like the protection badge, so each stays readable on any photo, in both themes.
const overlayTones = {
  explicit: 'bg-rose-700/90',
  suggestive: 'bg-amber-700/90',
  safe: 'bg-zinc-950/75',
} as const;
const ratingId = (imageId: string) => `content-rating-${imageId}`;

/** A square photo and two short lines under it. */
const estimateRowHeight = (cellWidth: number) => Math.round(cellWidth) + 64;

/** The user's images, virtualised by rows; each card opens the details. */
export function GalleryGrid({ images, onOpen, setSize, label, busy = false }: GalleryGridProps) {
  return (
    <VirtualGrid
      items={images}
      itemKey={(image) => image.id}
      breakpoints={galleryBreakpoints}
      estimateRowHeight={estimateRowHeight}
      setSize={setSize}
      aria-label={label}
      aria-busy={busy}
      renderItem={(image) => (
        <button
          type="button"
          onClick={(event) => onOpen(image.id, event.currentTarget)}
          aria-label={`View details of ${image.filename}`}
          // The card's name is its file; the rating badge, when there is one, describes it.
          aria-describedby={image.contentRating ? ratingId(image.id) : undefined}
          className="group flex w-full cursor-pointer flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
        >
          <span className="relative block aspect-square w-full overflow-hidden bg-zinc-100 dark:bg-zinc-800">
            <img
              src={image.thumbnailUrl}
              alt={image.filename}
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
            {image.isProtected && image.protectionLevel && (
              // Solid so it stays readable on any photo, in both themes.
              <span className="absolute top-2 left-2 inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-full bg-zinc-950/75 px-2 py-0.5 text-xs font-medium text-white backdrop-blur-sm">
                <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{mediaTexts.protectedBadge(image.protectionLevel)}</span>
              </span>
            )}
            {image.contentRating && (
              <span
                id={ratingId(image.id)}
                className={cn(
                  'absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-white backdrop-blur-sm',
                  overlayTones[image.contentRating],
                )}
              >
                <Eye aria-hidden="true" className="size-3.5 shrink-0" />
                <span aria-hidden="true">{contentRatingTexts.badge[image.contentRating]}</span>
                <span className="sr-only">{contentRatingTexts.label(image.contentRating)}</span>
              </span>
            )}
          </span>
          <span className="flex min-w-0 flex-col gap-0.5 p-2.5 sm:p-3">
            <span className="truncate text-sm font-medium text-zinc-900 dark:text-white">
              {image.filename}
            </span>
            <span className="flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span className="truncate">{image.type}</span>
              <span className="shrink-0 tabular-nums">{formatKilobytes(image.size)}</span>
            </span>
          </span>
        </button>
      )}
    />
  );
}
