import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedContentSchema, type SavedContent } from '@app/shared/history';
import { apiPage, type CursorPage } from '../../lib/request';
import { firstCursor, loadedItems, nextCursorOf, type PagedList } from '../../lib/paged-list';

/**
 * Under the key the history's save marks use (['/api/saved-content']), so invalidating that
 * refreshes this list too. Shared by History's Saved tab and the AI Studio, which may not import
 * each other's features.
 */
export const savedContentPagesQueryKey = ['/api/saved-content', 'pages'] as const;
export const savedPageSize = 20;

export type SavedContentPages = PagedList<SavedContent>;

/** GET /api/saved-content?limit&cursor: one page of the user's own saved items, newest first (decision 032). */
export async function getSavedContentPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<SavedContent[]>> {
  return apiPage('/api/saved-content', {
    schema: z.array(savedContentSchema),
    cursor,
    limit: savedPageSize,
    signal,
  });
}

export function useSavedContentPages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: savedContentPagesQueryKey,
      queryFn: ({ pageParam, signal }) => getSavedContentPage(pageParam, signal),
      initialPageParam: firstCursor,
      getNextPageParam: nextCursorOf,
    }),
  );
}

export const flattenSaved = (data: SavedContentPages | undefined) => loadedItems(data);
