import { ShieldCheck } from 'lucide-react';
import { mediaTexts, type MediaAsset } from '@app/shared/media';
import { formatKilobytes } from '../../../lib/format/size';

interface GalleryGridProps {
  images: MediaAsset[];
  onOpen: (id: string, card: HTMLElement) => void;
}

/** docs/product.md#gallery-and-media: 2 columns on small screens, 3 medium, 4 large; each card opens the details. */
export function GalleryGrid({ images, onOpen }: GalleryGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {images.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            onClick={(event) => onOpen(image.id, event.currentTarget)}
            aria-label={`View details of ${image.filename}`}
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
        </li>
      ))}
    </ul>
  );
}
