import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

export const mediaQueryKey = ['/api/media'] as const;

/** Refetch this long before the signed URLs expire, so open pages never show broken images. */
const renewMarginMs = 5 * 60_000;
const minimumIntervalMs = 30_000;

/** GET /api/media: the user's images and videos, newest first. */
export async function getMedia(signal?: AbortSignal): Promise<MediaAsset[]> {
  const body = await apiRequest('GET', mediaQueryKey[0], { signal, schema: mediaListResponseSchema });
  return body;
}

/** Milliseconds until the list should be fetched again for fresh signed URLs; false when it holds none. */
export function msUntilUrlRenewal(assets: MediaAsset[] | undefined, now = Date.now()): number | false {
  if (!assets || assets.length === 0) return false;
  const earliest = Math.min(...assets.map((asset) => Date.parse(asset.urlsExpireAt)));
  return Math.max(minimumIntervalMs, earliest - renewMarginMs - now);
}

export function mediaQueryOptions() {
  return queryOptions({
    queryKey: mediaQueryKey,
    queryFn: ({ signal }) => getMedia(signal),
    refetchInterval: (query) => msUntilUrlRenewal(query.state.data),
    // Background tabs keep their timer, and a tab woken after the URLs expired refetches on focus.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: (query) =>
      msUntilUrlRenewal(query.state.data) === minimumIntervalMs ? 'always' : false,
  });
}

export function useMedia() {
  return useQuery(mediaQueryOptions());
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
