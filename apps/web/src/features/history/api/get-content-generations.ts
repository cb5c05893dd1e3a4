import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { z } from 'zod';
import { contentGenerationSchema, type ContentGeneration } from '@app/shared/history';
import { apiRequest } from '../../../lib/request';
import { filtersToQuery, type HistoryFilters } from '../lib/history-filters';

/** Every history query starts with this, so one invalidation refreshes the lists and the counters. */
export const historyQueryKey = ['/api/content-generations'] as const;
export const pageSize = 20;

const pageSchema = z.array(contentGenerationSchema);

export interface HistoryPage {
  items: ContentGeneration[];
  offset: number;
}

/** GET /api/content-generations: one page of the user's own items matching the filters, newest first. */
export async function getContentGenerations(
  filters: HistoryFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const query = filtersToQuery(filters);
  query.set('limit', String(pageSize));
  query.set('offset', String(offset));
  const body = await apiRequest('GET', `${historyQueryKey[0]}?${query}`, { signal, schema: pageSchema });
  return { items: body, offset };
}

export function contentGenerationsQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...historyQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getContentGenerations(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: HistoryPage) =>
      last.items.length < pageSize ? undefined : last.offset + pageSize,
    // While new filters load, the previous results stay (dimmed) instead of a skeleton flashing.
    placeholderData: keepPreviousData,
    // New generations are made on other pages; coming back here shows them.
    staleTime: 0,
  });
}

export function useContentGenerations(filters: HistoryFilters) {
  return useInfiniteQuery(contentGenerationsQueryOptions(filters));
}

/** The loaded items of every page, each once (an item can shift pages when one is added meanwhile). */
export function flattenPages(data: InfiniteData<HistoryPage> | undefined): ContentGeneration[] {
  const seen = new Set<string>();
  const items: ContentGeneration[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
