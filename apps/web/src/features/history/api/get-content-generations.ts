import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contentGenerationSchema, type ContentGeneration } from '@app/shared/history';
import { apiPage, type CursorPage } from '../../../lib/request';
import { firstCursor, loadedItems, nextCursorOf, type PagedList } from '../../../lib/paged-list';
import { filtersToQuery, type HistoryFilters } from '../lib/history-filters';

/** Every history query starts with this, so one invalidation refreshes the lists and the counters. */
export const historyQueryKey = ['/api/content-generations'] as const;
export const pageSize = 20;

const pageSchema = z.array(contentGenerationSchema);

export type HistoryPages = PagedList<ContentGeneration>;

/**
 * GET /api/content-generations: one page of the user's own items matching the filters, newest
 * first; the next page is named in the X-Next-Cursor header (decision 032).
 */
export async function getContentGenerations(
  filters: HistoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<ContentGeneration[]>> {
  const query = filtersToQuery(filters).toString();
  const path = query ? `${historyQueryKey[0]}?${query}` : historyQueryKey[0];
  return apiPage(path, { schema: pageSchema, cursor, limit: pageSize, signal });
}

export function contentGenerationsQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...historyQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getContentGenerations(filters, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    // While new filters load, the previous results stay (dimmed) instead of a skeleton flashing.
    placeholderData: keepPreviousData,
    // New generations are made on other pages; coming back here shows them.
    staleTime: 0,
  });
}

export function useContentGenerations(filters: HistoryFilters) {
  return useInfiniteQuery(contentGenerationsQueryOptions(filters));
}

/** The loaded items of every page, each once. */
export const flattenPages = (data: HistoryPages | undefined) => loadedItems(data);
