import { useInfiniteQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiPage, type CursorPage } from '../../lib/request';
import { firstCursor, loadedItems, nextCursorOf, type PagedList } from '../../lib/paged-list';

/**
 * GET /api/media, one page at a time (decision 032), for picking a photo: to post it (Reddit) or
 * to write captions from it (caption generator). Shared code, as two features pick photos.
 */
export async function getGalleryPhotos(
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<MediaAsset[]>> {
  return apiPage('/api/media', { schema: mediaListResponseSchema, cursor, signal });
}

export function useGalleryPhotos({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    // Its own key: the gallery's cache renews signed URLs on its own schedule.
    queryKey: ['/api/media', 'photos-for-posting'] as const,
    queryFn: ({ pageParam, signal }) => getGalleryPhotos(pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    enabled,
    staleTime: 60_000,
  });
}

/** Image posts and captions take photos only. */
export const photosOf = (data: PagedList<MediaAsset> | undefined) =>
  loadedItems(data).filter((asset) => asset.kind === 'image');
