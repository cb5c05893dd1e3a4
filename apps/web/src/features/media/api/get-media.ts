import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

export const mediaQueryKey = ['/api/media'] as const;

/** Refetch this long before the signed URLs expire, so open pages never show broken images. */
const renewMarginMs = 5 * 60_000;
const minimumIntervalMs = 30_000;

/** The list narrowed to one tag; under mediaQueryKey, so invalidating the list refreshes it too. */
export const taggedMediaQueryKey = (tag: string) => [...mediaQueryKey, { tag }] as const;

/** GET /api/media: the user's images and videos, newest first; only those tagged `tag` when given. */
export async function getMedia(signal?: AbortSignal, tag?: string): Promise<MediaAsset[]> {
  const path = tag ? `${mediaQueryKey[0]}?tag=${encodeURIComponent(tag)}` : mediaQueryKey[0];
  return apiRequest('GET', path, { signal, schema: mediaListResponseSchema });
}

/** Milliseconds until the list should be fetched again for fresh signed URLs; false when it holds none. */
export function msUntilUrlRenewal(assets: MediaAsset[] | undefined, now = Date.now()): number | false {
  if (!assets || assets.length === 0) return false;
  const earliest = Math.min(...assets.map((asset) => Date.parse(asset.urlsExpireAt)));
  return Math.max(minimumIntervalMs, earliest - renewMarginMs - now);
}

export function mediaQueryOptions(tag?: string) {
  return queryOptions({
    queryKey: tag ? taggedMediaQueryKey(tag) : mediaQueryKey,
    queryFn: ({ signal }) => getMedia(signal, tag),
    refetchInterval: (query) => msUntilUrlRenewal(query.state.data),
    // Background tabs keep their timer, and a tab woken after the URLs expired refetches on focus.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: (query) =>
      msUntilUrlRenewal(query.state.data) === minimumIntervalMs ? 'always' : false,
  });
}

export function useMedia(tag?: string) {
  return useQuery(mediaQueryOptions(tag));
}

/** Applies a change to one cached asset, so every open view shows it at once. */
export function updateCachedAsset(
  queryClient: QueryClient,
  id: string,
  change: (asset: MediaAsset) => MediaAsset,
): void {
  queryClient.setQueryData<MediaAsset[]>(mediaQueryKey, (assets) =>
    assets?.map((asset) => (asset.id === id ? change(asset) : asset)),
  );
}
