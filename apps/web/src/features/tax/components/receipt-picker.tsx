import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/list-load-error';
import { cn } from '../../../components/ui/cn';
import { PagedListEnd } from '../../../components/paged-list-end';
import { receiptImagesOf, useReceiptPhotos } from '../api/receipt-photos';

export interface PickedReceipt {
  id: string;
  filename: string;
  thumbnailUrl: string;
}

/** Thumbnails of the user's gallery photos as radio buttons; "No receipt" clears the choice. */
export function ReceiptPicker({
  value,
  onChange,
}: {
  value: PickedReceipt | null;
  onChange: (receipt: PickedReceipt | null) => void;
}) {
  const photos = useReceiptPhotos(true);
  const option = (checked: boolean) =>
    cn(
      'relative flex cursor-pointer flex-col overflow-hidden rounded-lg border text-xs',
      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-500',
      checked ? 'border-rose-600 ring-2 ring-rose-600' : 'border-zinc-300 dark:border-zinc-700',
    );
  if (photos.isPending)
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        Loading your gallery...
      </p>
    );
  if (photos.error)
    return (
      <ListLoadError
        title="Your gallery could not be loaded"
        error={photos.error}
        onRetry={() => void photos.refetch()}
      />
    );
  const images = receiptImagesOf(photos.data);
  // A receipt picked earlier may be a photo not listed (deleted meanwhile, or on a page not read yet).
  const listed = value && !images.some((photo) => photo.id === value.id) ? [value] : [];
  const choices: PickedReceipt[] = [...listed, ...images];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Receipt from your gallery
      </legend>
      {choices.length === 0 && !photos.hasNextPage ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Your gallery has no photos yet.{' '}
          <Link to="/gallery" className="font-medium text-rose-700 underline dark:text-rose-300">
            Upload the receipt to the gallery
          </Link>
          , then pick it here.
        </p>
      ) : (
        <div className="mt-2 grid max-h-56 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
          <label className={option(value === null)}>
            <input
              type="radio"
              name="receipt"
              className="sr-only"
              checked={value === null}
              onChange={() => onChange(null)}
            />
            <span className="flex aspect-square items-center justify-center bg-zinc-50 text-zinc-500 dark:bg-zinc-800">
              <ImageOff aria-hidden="true" className="size-6" />
            </span>
            <span className="truncate p-1">No receipt</span>
          </label>
          {choices.map((photo) => (
            <label key={photo.id} className={option(value?.id === photo.id)}>
              <input
                type="radio"
                name="receipt"
                className="sr-only"
                checked={value?.id === photo.id}
                onChange={() =>
                  onChange({ id: photo.id, filename: photo.filename, thumbnailUrl: photo.thumbnailUrl })
                }
              />
              <img
                src={photo.thumbnailUrl}
                alt=""
                className="aspect-square w-full object-cover"
                loading="lazy"
              />
              <span className="truncate p-1">{photo.filename}</span>
            </label>
          ))}
          <div className="col-span-full">
            <PagedListEnd
              list={photos}
              label="Load more photos"
              loadingLabel="Loading more photos..."
              failedText="More photos could not be loaded. Check your connection and press the button again."
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
