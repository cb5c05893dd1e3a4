import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { MediaAsset } from '@app/shared/media';
import { editPages, withoutItem } from '../../../lib/paged-list';
import { mediaQueryKey, type MediaPages } from './get-media';

/** The tag a cached list is narrowed to (taggedMediaQueryKey), or null for the whole list. */
function tagOf(queryKey: QueryKey): string | null {
  const filter = queryKey[1];
  return typeof filter === 'object' && filter !== null && 'tag' in filter && typeof filter.tag === 'string'
    ? filter.tag
    : null;
}

const belongs = (asset: MediaAsset, tag: string | null) =>
  tag === null || asset.tags.some((own) => own.toLowerCase() === tag.toLowerCase());

/** The API's order: newest first, the id breaking ties. */
const isBefore = (a: MediaAsset, b: MediaAsset) =>
  a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;

/**
 * Puts an asset where the API would list it, in every loaded list it belongs to. Past the last
 * loaded item of a list with more pages it is left out: that page brings it when it is read.
 */
export function withAssetInOrder(data: MediaPages | undefined, asset: MediaAsset): MediaPages | undefined {
  const rest = withoutItem(data, asset.id);
  if (!rest?.pages) return rest;
  const lastPage = rest.pages.length - 1;
  let placed = false;
  return editPages(rest, (items, index) => {
    if (placed) return items;
    const at = items.findIndex((item) => isBefore(asset, item));
    if (at >= 0) {
      placed = true;
      return [...items.slice(0, at), asset, ...items.slice(at)];
    }
    if (index === lastPage && rest.pages[lastPage]?.nextCursor === null) {
      placed = true;
      return [...items, asset];
    }
    return items;
  });
}

/**
 * After an upload or an Undo: the asset shows at once in the lists it belongs to. The lists are only
 * marked stale, not read again now: with many pages loaded that would be a request per page, for
 * one asset the answer already holds.
 */
export function placeInMediaLists(queryClient: QueryClient, asset: MediaAsset): void {
  for (const [queryKey, data] of queryClient.getQueriesData<MediaPages>({ queryKey: mediaQueryKey })) {
    if (!data?.pages || !belongs(asset, tagOf(queryKey))) continue;
    queryClient.setQueryData<MediaPages>(queryKey, withAssetInOrder(data, asset));
  }
  void queryClient.invalidateQueries({ queryKey: mediaQueryKey, refetchType: 'none' });
}
