import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { communitySchema, type Community } from '@app/shared/communities';
import { successDetailsSchema } from '@app/shared/community-score';
import { bestTimesSchema } from '@app/shared/best-times';
import { communityFactsSchema } from '@app/shared/community-facts';
import { apiRequest } from '../../../lib/request';

export const communitiesPath = '/api/reddit/communities';

export const successBases = ['policy', 'outcomes', 'personal'] as const;

/**
 * The server also says what the success rate rests on, its 80% interval and what moved it;
 * optional, so the spec's shape alone still parses.
 */
const listedCommunitySchema = communitySchema.extend({
  successBasis: z.enum(successBases).optional(),
  success: successDetailsSchema.optional(),
  bestTimes: bestTimesSchema.optional(),
  facts: communityFactsSchema.optional(),
});
export type ListedCommunity = z.infer<typeof listedCommunitySchema>;

/** docs/product.md#communities: the list call takes an optional category and search. */
export interface CommunitiesRequest {
  category?: Community['category'];
  search?: string;
}

export function communitiesUrl({ category, search }: CommunitiesRequest): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (search?.trim()) params.set('search', search.trim());
  const query = params.toString();
  return query ? `${communitiesPath}?${query}` : communitiesPath;
}

/** GET /api/reddit/communities; the browser revalidates with the ETag the server sends. */
export async function getCommunities(
  request: CommunitiesRequest,
  signal?: AbortSignal,
): Promise<ListedCommunity[]> {
  const body = await apiRequest('GET', communitiesUrl(request), {
    signal,
    schema: z.array(listedCommunitySchema),
  });
  return body;
}

export function communitiesQueryOptions(request: CommunitiesRequest) {
  const key = { category: request.category ?? null, search: request.search?.trim() || null };
  return queryOptions({
    queryKey: [communitiesPath, key] as const,
    // Its own queryFn: a 403 here is an access refusal the page explains, not a lost session that
    // the default queryFn would answer with a logout (lib/query-client.ts).
    queryFn: ({ signal }) => getCommunities(request, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCommunities(request: CommunitiesRequest, { enabled = true }: { enabled?: boolean } = {}) {
  // Keeping the previous list while a new search loads avoids flashing the skeleton at every keystroke.
  return useQuery({ ...communitiesQueryOptions(request), enabled, placeholderData: keepPreviousData });
}
