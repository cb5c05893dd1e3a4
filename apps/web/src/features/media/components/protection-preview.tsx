import { imageshieldTexts, type ProtectionPreviewResponse } from '@app/shared/imageshield';
import { mediaTexts, type MediaAsset } from '@app/shared/media';
import { Button } from '../../../components/ui/button';

interface ProtectionPreviewProps {
  image: Pick<MediaAsset, 'filename' | 'signedUrl'>;
  preview: ProtectionPreviewResponse;
  keeping: boolean;
  discarding: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

function Side({ src, alt, label }: { src: string; alt: string; label: string }) {
  return (
    <figure className="min-w-0">
      {/* One square frame for both, so the two pictures show at the same size whatever their shape. */}
      <div className="aspect-square overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-950">
        <img src={src} alt={alt} className="size-full object-contain" />
      </div>
      <figcaption className="mt-1 text-center text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </figcaption>
    </figure>
  );
}

/** The protected copy beside the original, before it replaces anything: keep or discard. */
export function ProtectionPreview({
  image,
  preview,
  keeping,
  discarding,
  onKeep,
  onDiscard,
}: ProtectionPreviewProps) {
  const busy = keeping || discarding;
  return (
    <section aria-label={imageshieldTexts.previewHeading} className="mt-4">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">
        {imageshieldTexts.previewHeading}
      </h3>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <Side
          src={image.signedUrl}
          alt={`${image.filename}, original`}
          label={imageshieldTexts.previewOriginal}
        />
        <Side
          src={preview.previewUrl}
          alt={`${image.filename}, protected preview`}
          label={imageshieldTexts.previewProtected}
        />
      </div>
      <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-200">
        {preview.message || mediaTexts.imageProtectedText}
      </p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{imageshieldTexts.previewExpires}</p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button
          variant="primary"
          className="w-full"
          aria-busy={keeping || undefined}
          disabled={busy}
          onClick={onKeep}
        >
          {imageshieldTexts.previewKeep}
        </Button>
        <Button
          variant="outline"
          className="w-full"
          aria-busy={discarding || undefined}
          disabled={busy}
          onClick={onDiscard}
        >
          {imageshieldTexts.previewDiscard}
        </Button>
      </div>
    </section>
  );
}
