import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Images, SearchX } from 'lucide-react';
import { mediaTexts } from '@app/shared/media';
import { useSessionUser } from '../../lib/session-context';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { trackEvent } from '../../lib/analytics/analytics';
import { currentUserQueryKey } from '../../lib/query-client';
import { useMedia } from './api/get-media';
import { useMediaTags } from './api/get-media-tags';
import { useStorageUsage } from './api/get-storage-usage';
import { GalleryGrid } from './components/gallery-grid';
import { GalleryUploadCard } from './components/gallery-upload-card';
import { ImageDetailsDialog } from './components/image-details-dialog';
import { MediaEmpty, MediaSkeleton } from './components/media-list-states';
import { TagFilter } from './components/tag-filter';
import { ListLoadError } from '../../components/list-load-error';
import { PagedListEnd } from '../../components/paged-list-end';
import { loadedItems } from '../../lib/paged-list';
import { useReturnFocus } from './hooks/use-return-focus';
import { useUploadQueue } from './hooks/use-upload-queue';
import { uploadErrorMessage } from './lib/upload-error-message';
import { sortOutFiles } from './lib/sort-out-files';
import { useDrawnInSlices } from '../../lib/use-drawn-in-slices';

const pagingTexts = {
  listLabel: 'Your images',
  loadMore: 'Load more images',
  loadingMore: 'Loading more images...',
  failed: 'Older images could not be loaded. Check your connection and press the button again.',
  end: 'That is all your images.',
  searching: 'Looking through your older images...',
} as const;

/** docs/product.md#gallery-and-media: /gallery, the user's images with upload, details, protection, repost, download and delete. */
export function GalleryPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [tagFilter, setTagFilter] = useState<string | null>(null);
  const media = useMedia(tagFilter ?? undefined);
  const usage = useStorageUsage();
  const tagCounts = useMediaTags();
  const [tags, setTags] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a delete the card that opened the dialog is gone; the grid's heading takes focus instead.
  const returnFocus = useReturnFocus(headingRef);

  const uploads = useUploadQueue({
    onStart: (file, id) =>
      toast.loading(mediaTexts.processingImage, { id, description: mediaTexts.uploadingFile(file.name) }),
    onSuccess: (_file, _response, id) =>
      toast.success(mediaTexts.imageUploaded, { id, description: mediaTexts.imageUploadedText }),
    onError: (_file, error, id) => {
      const message = uploadErrorMessage(error, mediaTexts.uploadFailedText);
      toast.error(mediaTexts.uploadFailed, { id, description: message });
      return message;
    },
    onCancel: (_file, id) => toast.dismiss(id),
  });

  // The grid's first render (its cards, the virtualiser measuring them) is long: drawn in slices.
  const listed = useDrawnInSlices(media.data);
  const images = useMemo(() => loadedItems(listed).filter((asset) => asset.kind === 'image'), [listed]);
  // docs/product.md#gallery-and-media: the tags field doubles as a case-insensitive file name filter.
  const filter = tags.trim().toLowerCase();
  const visible = filter ? images.filter((image) => image.filename.toLowerCase().includes(filter)) : images;
  const morePages = media.hasNextPage;
  const imageCount = galleryCount();
  const selected = selectedId === null ? undefined : images.find((image) => image.id === selectedId);
  // A deleted image closes its dialog for good: an Undo brings it back to the grid, not the dialog.
  if (selectedId !== null && listed && !selected) setSelectedId(null);

  function handleFiles(files: File[]) {
    if (!user) {
      toast.error(mediaTexts.pleaseLogIn, { description: mediaTexts.pleaseLogInText });
      return;
    }
    const { accepted, rejected } = sortOutFiles(files, ['image']);
    for (const { file, reason, message } of rejected) {
      uploads.reject(file, message);
      toast.error(reason === 'size' ? mediaTexts.fileTooLarge : mediaTexts.uploadFailed, {
        description: message,
      });
    }
    const fieldTags = tags;
    setTags('');
    if (accepted.length > 0) uploads.enqueue(accepted, fieldTags);
  }

  function openDetails(id: string, card: HTMLElement) {
    returnFocus.remember(card);
    trackEvent('content_view', { contentId: id, viewType: 'gallery' });
    setSelectedId(id);
  }

  /**
   * The heading's count. Once every page is in, the loaded images; before that, the counts the
   * storage usage and the tag list keep (decision 032: no totals in a page). A file name filter only
   * sees the loaded pages, which the list keeps loading while it shows little.
   */
  function galleryCount(): number {
    if ((!morePages && !media.isPlaceholderData) || filter) return visible.length;
    if (tagFilter === null) return usage.data?.assetsCount ?? visible.length;
    const tagged = tagCounts.data?.find((entry) => entry.tag.toLowerCase() === tagFilter.toLowerCase());
    return tagged?.count ?? visible.length;
  }

  function retry() {
    // A lost session shows up here as 401; re-reading the user lets the route guard react to it.
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    void media.refetch();
  }

  function renderGrid() {
    if (media.isError && !listed) {
      return <ListLoadError title="Your images could not be loaded" error={media.error} onRetry={retry} />;
    }
    // Another tag's images load over the previous list; over an empty one, the skeleton says so.
    if (!listed || (media.isPlaceholderData && visible.length === 0))
      return <MediaSkeleton label="Loading your images..." />;
    const listEnd = (
      <PagedListEnd
        list={media}
        label={pagingTexts.loadMore}
        loadingLabel={pagingTexts.loadingMore}
        failedText={pagingTexts.failed}
        endText={pagingTexts.end}
      />
    );
    if (visible.length === 0 && morePages) {
      // Nothing to show among the pages read so far (only videos, or no matching name): read on.
      return (
        <div className="space-y-4">
          <p role="status" className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">
            {pagingTexts.searching}
          </p>
          {listEnd}
        </div>
      );
    }
    if (images.length === 0 && tagFilter !== null) {
      return (
        <MediaEmpty
          icon={<SearchX aria-hidden="true" />}
          text={mediaTexts.noImagesWithTag(tagFilter)}
          action={
            <Button variant="outline" size="sm" onClick={() => setTagFilter(null)}>
              {mediaTexts.clearTagFilter}
            </Button>
          }
        />
      );
    }
    if (images.length === 0)
      return <MediaEmpty icon={<Images aria-hidden="true" />} text={mediaTexts.emptyGallery} />;
    if (visible.length === 0) {
      return (
        <MediaEmpty
          icon={<SearchX aria-hidden="true" />}
          text={`No image file names contain “${tags.trim()}”.`}
          action={
            <Button variant="outline" size="sm" onClick={() => setTags('')}>
              Show all images
            </Button>
          }
        />
      );
    }
    return (
      <div className="space-y-6">
        <GalleryGrid
          images={visible}
          onOpen={openDetails}
          setSize={morePages ? -1 : visible.length}
          label={pagingTexts.listLabel}
          busy={media.isPlaceholderData}
        />
        {listEnd}
      </div>
    );
  }

  return (
    <PageLayout title={mediaTexts.galleryTitle} description={mediaTexts.galleryDescription}>
      <div className="space-y-8">
        <GalleryUploadCard
          tags={tags}
          onTagsChange={setTags}
          onFiles={handleFiles}
          uploads={uploads.items}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
        />
        <section
          aria-labelledby={listed ? 'gallery-heading' : undefined}
          aria-label={listed ? undefined : 'Your images'}
          className="space-y-4"
        >
          <TagFilter value={tagFilter} onChange={setTagFilter} />
          {listed && (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2
                id="gallery-heading"
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold tracking-tight text-zinc-900 focus:outline-none dark:text-white"
              >
                {mediaTexts.galleryHeading(imageCount)}
              </h2>
              <p aria-live="polite" className="text-sm text-zinc-500 dark:text-zinc-400">
                {[
                  tagFilter ? mediaTexts.showingTag(tagFilter) : '',
                  filter ? `Showing images whose file name contains “${tags.trim()}”.` : '',
                ].join(' ')}
              </p>
            </div>
          )}
          {renderGrid()}
        </section>
      </div>
      <ImageDetailsDialog
        image={selected}
        onClose={() => setSelectedId(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
    </PageLayout>
  );
}
