import { useState } from 'react';
import { Link } from 'react-router';
import { ImagePlus, X } from 'lucide-react';
import type { MediaAsset } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useGalleryPhotos } from '../api/get-gallery-photos';
import { redditErrorText } from '../lib/reddit-error-text';
import { hintClasses, labelClasses } from './field-styles';

interface PhotoFieldProps {
  imageId: string;
  onChange: (imageId: string) => void;
  disabled?: boolean;
}

/** An optional photo from the gallery: the post then goes to Reddit as a native image post. */
export function PhotoField({ imageId, onChange, disabled }: PhotoFieldProps) {
  const [open, setOpen] = useState(false);
  const photos = useGalleryPhotos({ enabled: open || imageId !== '' });
  const chosen = photos.data?.find((photo) => photo.id === imageId);

  function pick(photo: MediaAsset) {
    onChange(photo.id);
    setOpen(false);
  }

  function renderChoices() {
    if (photos.isError)
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {redditErrorText(photos.error)}
        </p>
      );
    if (!photos.data)
      return (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading your photos...
        </p>
      );
    if (photos.data.length === 0) {
      return (
        <div className="space-y-3 text-sm text-zinc-600 dark:text-zinc-400">
          <p>Your gallery has no photos yet. Upload some, then come back to attach one.</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/gallery">Open the gallery</Link>
          </Button>
        </div>
      );
    }
    return (
      <ul aria-label="Your photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.data.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              aria-pressed={photo.id === imageId}
              aria-label={photo.filename}
              onClick={() => pick(photo)}
              className={cn(
                'block aspect-square w-full cursor-pointer overflow-hidden rounded-lg border-2 transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500',
                photo.id === imageId
                  ? 'border-rose-600'
                  : 'border-transparent hover:border-zinc-300 dark:hover:border-zinc-600',
              )}
            >
              <img
                src={photo.thumbnailUrl || photo.signedUrl}
                alt=""
                className="size-full object-cover"
                loading="lazy"
              />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-1.5">
      <p className={labelClasses}>
        Photo <span className="font-normal text-zinc-500">(optional)</span>
      </p>
      {imageId ? (
        <div className="flex items-center gap-3 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
          {chosen ? (
            <img
              src={chosen.thumbnailUrl || chosen.signedUrl}
              alt=""
              className="size-14 rounded-md object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="size-14 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800"
            />
          )}
          <p className="min-w-0 flex-1 truncate text-sm text-zinc-800 dark:text-zinc-200">
            {chosen?.filename ?? 'Photo from your gallery'}
          </p>
          <Button size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
            Change
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            disabled={disabled}
            aria-label="Remove the photo"
            onClick={() => onChange('')}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : (
        <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
          <ImagePlus aria-hidden="true" className="size-4" />
          Add a photo from your gallery
        </Button>
      )}
      <p className={hintClasses}>
        With a photo, it goes to Reddit as an image post. We send the protected copy when you made one.
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-2xl">
          <DialogTitle>Choose a photo</DialogTitle>
          <DialogDescription>
            Posts use the protected copy of a photo when there is one, so reverse image searches miss it.
          </DialogDescription>
          <div className="mt-4">{renderChoices()}</div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
