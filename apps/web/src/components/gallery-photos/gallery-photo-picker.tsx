import { useState } from 'react';
import { Link } from 'react-router';
import { ImagePlus, X } from 'lucide-react';
import type { MediaAsset } from '@app/shared/media';
import { userFacingMessage } from '../../lib/request';
import { PagedListEnd } from '../paged-list-end';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { photosOf, useGalleryPhotos } from './get-gallery-photos';

interface GalleryPhotoPickerProps {
  /** The chosen photo's id, or '' for none. */
  photoId: string;
  onChange: (photoId: string) => void;
  disabled?: boolean;
  /** The button that opens the choices while no photo is chosen. */
  addLabel: string;
  /** Says in the dialog what the photo will be used for. */
  dialogDescription: string;
  /** Ids of hints that describe the buttons. */
  describedBy?: string;
  /** What a failed gallery call says; a feature may explain its own server errors. */
  errorText?: (error: unknown) => string;
}

/**
 * One photo from the gallery (images only, page by page): a button opens the choices in a dialog;
 * once chosen, its thumbnail and name show with Change and Remove. Used by the Reddit scheduler and
 * the caption generator.
 */
export function GalleryPhotoPicker(props: GalleryPhotoPickerProps) {
  const { photoId, onChange, disabled, addLabel, dialogDescription, describedBy } = props;
  const errorText = props.errorText ?? userFacingMessage;
  const [open, setOpen] = useState(false);
  const photos = useGalleryPhotos({ enabled: open || photoId !== '' });
  const loaded = photos.data ? photosOf(photos.data) : undefined;
  // A photo older than the loaded pages shows by a neutral name until its page is read.
  const chosen = loaded?.find((photo) => photo.id === photoId);

  function pick(photo: MediaAsset) {
    onChange(photo.id);
    setOpen(false);
  }

  function renderChoices() {
    if (photos.isError)
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(photos.error)}
        </p>
      );
    if (!loaded)
      return (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading your photos...
        </p>
      );
    if (loaded.length === 0 && !photos.hasNextPage) {
      return (
        <div className="space-y-3 text-sm text-zinc-600 dark:text-zinc-400">
          <p>Your gallery has no photos yet. Upload some, then come back to pick one.</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/gallery">Open the gallery</Link>
          </Button>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        <ul aria-label="Your photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {loaded.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                aria-pressed={photo.id === photoId}
                aria-label={photo.filename}
                onClick={() => pick(photo)}
                className={cn(
                  'block aspect-square w-full cursor-pointer overflow-hidden rounded-lg border-2 transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500',
                  photo.id === photoId
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
        <PagedListEnd
          list={photos}
          label="Load more photos"
          loadingLabel="Loading more photos..."
          failedText="More photos could not be loaded. Check your connection and press the button again."
        />
      </div>
    );
  }

  return (
    <>
      {photoId ? (
        <div className="flex items-center gap-3 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
          {chosen ? (
            <img
              src={chosen.thumbnailUrl || chosen.signedUrl}
              alt=""
              className="size-14 shrink-0 rounded-md object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="size-14 shrink-0 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800"
            />
          )}
          <p className="min-w-0 flex-1 truncate text-sm text-zinc-800 dark:text-zinc-200">
            {chosen?.filename ?? 'Photo from your gallery'}
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => setOpen(true)}
          >
            Change
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8 shrink-0"
            disabled={disabled}
            aria-label="Remove the photo"
            onClick={() => onChange('')}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => setOpen(true)}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-2xl">
          <DialogTitle>Choose a photo</DialogTitle>
          <DialogDescription>{dialogDescription}</DialogDescription>
          <div className="mt-4">{renderChoices()}</div>
        </DialogContent>
      </Dialog>
    </>
  );
}
