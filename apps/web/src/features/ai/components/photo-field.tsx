import { GalleryPhotoPicker } from '../../../components/gallery-photos/gallery-photo-picker';

interface PhotoFieldProps {
  id: string;
  mediaId: string;
  disabled: boolean;
  onChange: (mediaId: string) => void;
}

/** An optional gallery photo the captions are written from (signed-in users: visitors have no gallery). */
export function PhotoField({ id, mediaId, disabled, onChange }: PhotoFieldProps) {
  return (
    <div role="group" aria-labelledby={`${id}-photo-label`} className="space-y-1.5">
      <p id={`${id}-photo-label`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Photo <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
      </p>
      <GalleryPhotoPicker
        photoId={mediaId}
        onChange={onChange}
        disabled={disabled}
        addLabel="Use a gallery photo"
        dialogDescription="Your captions are written from the photo you pick and your prompt."
        describedBy={`${id}-photo-hint`}
      />
      <p id={`${id}-photo-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        Write from a photo in your gallery. Its tags help too, so tag your photos.
      </p>
    </div>
  );
}
