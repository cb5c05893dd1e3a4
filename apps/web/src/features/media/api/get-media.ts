import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiPage, type CursorPage } from '../../../lib/request';
import { firstCursor, nextCursorOf, withItemChanged, type PagedList } from '../../../lib/paged-list';

export const mediaQueryKey = ['/api/media'] as const;

export type MediaPages = PagedList<MediaAsset>;

/** Refetch this long before the signed URLs expire, so open pages never show broken images. */
const renewMarginMs = 5 * 60_000;
const minimumIntervalMs = 30_000;

/** The list narrowed to one tag; under mediaQueryKey, so invalidating the list refreshes it too. */
export const taggedMediaQueryKey = (tag: string) => [...mediaQueryKey, { tag }] as const;

/**
 * GET /api/media: one page of the user's images and videos, newest first; only those tagged `tag`
 * when given. The next page's cursor comes in the X-Next-Cursor header (decision 032).
 */
export async function getMedia(
  signal?: AbortSignal,
  tag?: string,
  cursor?: string | null,
): Promise<CursorPage<MediaAsset[]>> {
  const path = tag ? `${mediaQueryKey[0]}?tag=${encodeURIComponent(tag)}` : mediaQueryKey[0];
  return apiPage(path, { schema: mediaListResponseSchema, cursor, signal });
}

/** Milliseconds until the list should be fetched again for fresh signed URLs; false when it holds none. */
export function msUntilUrlRenewal(assets: MediaAsset[] | undefined, now = Date.now()): number | false {
  if (!assets || assets.length === 0) return false;
  const earliest = Math.min(...assets.map((asset) => Date.parse(asset.urlsExpireAt)));
  return Math.max(minimumIntervalMs, earliest - renewMarginMs - now);
}

/** Every loaded page's assets: a refetch renews them all, each page signed when it was read. */
const loadedAssets = (data: MediaPages | undefined) => data?.pages.flatMap((page) => page.items);

export function mediaQueryOptions(tag?: string) {
  return infiniteQueryOptions({
    queryKey: tag ? taggedMediaQueryKey(tag) : mediaQueryKey,
    queryFn: ({ signal, pageParam }) => getMedia(signal, tag, pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    refetchInterval: (query) => msUntilUrlRenewal(loadedAssets(query.state.data)),
    // Background tabs keep their timer, and a tab woken after the URLs expired refetches on focus.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: (query) =>
      msUntilUrlRenewal(loadedAssets(query.state.data)) === minimumIntervalMs ? 'always' : false,
  });
}

export function useMedia(tag?: string) {
  // While another tag's images load, the previous list stays (dimmed) instead of a skeleton flashing.
  return useInfiniteQuery({ ...mediaQueryOptions(tag), placeholderData: keepPreviousData });
}

/** Applies a change to one cached asset in every list (whole or by tag), so every open view shows it at once. */
export function updateCachedAsset(
  queryClient: QueryClient,
  id: string,
  change: (asset: MediaAsset) => MediaAsset,
): void {
  queryClient.setQueriesData<MediaPages>({ queryKey: mediaQueryKey }, (data) =>
    withItemChanged(data, id, change),
  );
}
