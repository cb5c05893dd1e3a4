import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { maxUploadBytes, mediaTexts } from '@app/shared/media';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { currentUserQueryKey } from '../../../lib/query-client';
import { useMedia } from '../api/get-media';
import { useStorageUsage } from '../api/get-storage-usage';
import { PagedListEnd } from '../../../components/paged-list-end';
import { loadedItems } from '../../../lib/paged-list';
import { acceptFor, sortOutFiles, type MediaKind } from '../lib/sort-out-files';
import { uploadErrorMessage } from '../lib/upload-error-message';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { MediaAssetList } from './media-asset-list';
import { MediaEmpty, MediaSkeleton } from './media-list-states';
import { ListLoadError } from '../../../components/list-load-error';
import { StorageUsageCard } from './storage-usage-card';
import { UploadDropzone } from './upload-dropzone';
import { UploadProgressList } from './upload-progress-list';
import { formatBytes } from '../../../lib/format/size';
import { countOf } from '../../../lib/format/plural';

const kinds: readonly MediaKind[] = ['image', 'video'];
const limit = formatBytes(maxUploadBytes);

/** docs/product.md#gallery-and-media: the enterprise media tab — storage, watermarked uploads of images and videos, the list. */
export function MediaLibrary() {
  const queryClient = useQueryClient();
  const media = useMedia();
  const usage = useStorageUsage();
  const assets = media.data ? loadedItems(media.data) : undefined;
  // All pages in: the loaded files; before that the usage's count (decision 032: no totals in a page).
  const fileCount = media.hasNextPage ? (usage.data?.assetsCount ?? assets?.length) : assets?.length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uploads = useUploadQueue({
    watermark: true,
    onSuccess: (file, _response, id) =>
      toast.success('Upload complete', { id, description: `${file.name} was added to your media library.` }),
    onError: (_file, error, id) => {
      // docs/product.md#gallery-and-media: the enterprise failure shows the server's message, else the status text.
      const message = uploadErrorMessage(error, mediaTexts.uploadFailedText);
      toast.error(mediaTexts.uploadFailed, { id, description: message });
      return message;
    },
  });

  function handleFiles(files: File[]) {
    const { accepted, rejected } = sortOutFiles(files, kinds);
    for (const { file, reason, message } of rejected) {
      uploads.reject(file, message);
      toast.error(reason === 'size' ? mediaTexts.fileTooLarge : mediaTexts.uploadFailed, {
        description: message,
      });
    }
    if (accepted.length > 0) uploads.enqueue(accepted);
  }

  function retry() {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    void media.refetch();
  }

  function renderList() {
    if (media.isError && !media.data) {
      return <ListLoadError title="Your media could not be loaded" error={media.error} onRetry={retry} />;
    }
    if (!assets) return <MediaSkeleton label="Loading your media..." tiles={4} />;
    if (assets.length === 0) {
      return (
        <MediaEmpty
          icon={<FolderOpen aria-hidden="true" />}
          text="No files yet. Upload images or videos above; they will be listed here."
        />
      );
    }
    return (
      <div className="space-y-4">
        <MediaAssetList assets={assets} fallbackFocus={headingRef} />
        <PagedListEnd
          list={media}
          label="Load more files"
          loadingLabel="Loading more files..."
          failedText="Older files could not be loaded. Check your connection and press the button again."
          endText="That is all your files."
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <StorageUsageCard />
      <Card>
        <CardHeader>
          <CardTitle>Upload media</CardTitle>
          <CardDescription>
            Images and videos up to {limit} each. Photos get your watermark; videos are stored as they are.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <UploadDropzone
            accept={acceptFor(kinds)}
            prompt="Click to upload images or videos, or drag and drop"
            hint={`${mediaTexts.supportsMultiple}, up to ${limit} each`}
            onFiles={handleFiles}
          />
          <UploadProgressList items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle ref={headingRef} tabIndex={-1} className="focus:outline-none">
            {fileCount !== undefined
              ? `Media library (${countOf(fileCount, { one: 'file', other: 'files' })})`
              : 'Media library'}
          </CardTitle>
        </CardHeader>
        <CardContent className="pt-2">{renderList()}</CardContent>
      </Card>
    </div>
  );
}
