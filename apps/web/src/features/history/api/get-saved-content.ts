import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedContentSchema, type SavedContent } from '@app/shared/history';
import { apiRequest } from '../../../lib/request';

export const savedContentQueryKey = ['/api/saved-content'] as const;
/** The newest saves are the ones the history's first pages show; the API's largest page covers them. */
const newestCount = 100;

/** GET /api/saved-content: the user's newest saved items, to mark the history cards already saved. */
export async function getSavedContent(signal?: AbortSignal): Promise<SavedContent[]> {
  const body = await apiRequest('GET', `${savedContentQueryKey[0]}?limit=${newestCount}`, {
    signal,
    schema: z.array(savedContentSchema),
  });
  return body;
}

export function savedContentQueryOptions() {
  return queryOptions({ queryKey: savedContentQueryKey, queryFn: ({ signal }) => getSavedContent(signal) });
}

/** The history items that have a saved copy; empty while loading or if the list cannot be read. */
export function useSavedGenerationIds(): ReadonlySet<string> {
  const { data } = useQuery({
    ...savedContentQueryOptions(),
    select: (items) => new Set(items.flatMap((item) => (item.generationId ? [item.generationId] : []))),
  });
  return data ?? emptySet;
}

const emptySet: ReadonlySet<string> = new Set();
