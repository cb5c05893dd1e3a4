import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { savedContentSchema, type SavedContent } from '@app/shared/history';
import { apiRequest } from '../../lib/request';

/**
 * Under the key the history's save marks use (['/api/saved-content']), so invalidating that
 * refreshes this list too. Shared by History's Saved tab and the AI Studio, which may not import
 * each other's features.
 */
export const savedContentPagesQueryKey = ['/api/saved-content', 'pages'] as const;
export const savedPageSize = 20;

export interface SavedContentPage {
  items: SavedContent[];
  offset: number;
}

/** GET /api/saved-content?limit&offset: one page of the user's own saved items, newest first. */
export async function getSavedContentPage(offset: number, signal?: AbortSignal): Promise<SavedContentPage> {
  const path = `/api/saved-content?limit=${savedPageSize}&offset=${offset}`;
  const items = await apiRequest('GET', path, { signal, schema: z.array(savedContentSchema) });
  return { items, offset };
}

export function useSavedContentPages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: savedContentPagesQueryKey,
      queryFn: ({ pageParam, signal }) => getSavedContentPage(pageParam, signal),
      initialPageParam: 0,
      // A full page may have more behind it; a short one is the end.
      getNextPageParam: (last) =>
        last.items.length === savedPageSize ? last.offset + savedPageSize : undefined,
    }),
  );
}

export function flattenSaved(data: InfiniteData<SavedContentPage> | undefined): SavedContent[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
