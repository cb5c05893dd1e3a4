import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiPage, type CursorPage } from '../../../lib/request';
import { firstCursor, loadedItems, nextCursorOf, type PagedList } from '../../../lib/paged-list';
import { taxQueryRoot } from './tax-request';

/** GET /api/media, one page at a time (decision 032): the user's gallery, to pick a receipt from. */
export async function getReceiptPhotos(
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<MediaAsset[]>> {
  return apiPage('/api/media', { schema: mediaListResponseSchema, cursor, signal });
}

export const receiptPhotosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...taxQueryRoot, 'receipt-photos'],
    queryFn: ({ pageParam, signal }) => getReceiptPhotos(pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useReceiptPhotos = (enabled: boolean) =>
  useInfiniteQuery({ ...receiptPhotosQueryOptions(), enabled });

/** Receipts are photos: videos are left out. */
export const receiptImagesOf = (data: PagedList<MediaAsset> | undefined) =>
  loadedItems(data).filter((asset) => asset.kind === 'image');
