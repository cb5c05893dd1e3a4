import type { MediaAsset } from '@app/shared/media';
import { cn } from '../../../components/ui/cn';

interface ImageCompareProps {
  image: Pick<MediaAsset, 'filename' | 'signedUrl' | 'protectedUrl'>;
  showOriginal: boolean;
  onShowOriginalChange: (showOriginal: boolean) => void;
  disabled: boolean;
}

const views = [
  { original: false, label: 'Protected' },
  { original: true, label: 'Original' },
] as const;

/**
 * docs/product.md#gallery-and-media: once protected, the protected copy takes the image's place; a toggle brings the original
 * back for comparison. The toggle sits on a dark pill so it reads on any photo in either theme.
 */
export function ImageCompare({ image, showOriginal, onShowOriginalChange, disabled }: ImageCompareProps) {
  const { protectedUrl } = image;
  const comparing = protectedUrl !== null && !showOriginal;
  const src = comparing ? protectedUrl : image.signedUrl;
  let alt = image.filename;
  if (protectedUrl) alt = `${image.filename}, ${showOriginal ? 'original' : 'protected copy'}`;
  return (
    <div className="relative mt-4 overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-950">
      <img src={src} alt={alt} className="mx-auto max-h-[50dvh] w-full object-contain" />
      {protectedUrl && (
        <div
          role="group"
          aria-label="Compare with the original"
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-0.5 rounded-full bg-zinc-950/75 p-1 shadow-lg backdrop-blur-sm"
        >
          {views.map((view) => (
            <button
              key={view.label}
              type="button"
              aria-pressed={showOriginal === view.original}
              disabled={disabled}
              onClick={() => onShowOriginalChange(view.original)}
              className={cn(
                'cursor-pointer rounded-full px-3 py-1 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
                showOriginal === view.original ? 'bg-white text-zinc-900' : 'text-white hover:bg-white/15',
              )}
            >
              {view.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
