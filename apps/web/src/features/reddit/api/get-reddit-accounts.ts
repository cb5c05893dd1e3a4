import { queryOptions, useQuery } from '@tanstack/react-query';
import { redditAccountsResponseSchema, type RedditAccountsResponse } from '@app/shared/reddit';
import { apiRequest } from '../../../lib/request';

export const redditAccountsQueryKey = ['/api/reddit/accounts'] as const;

/** GET /api/reddit/accounts: the linked accounts and how many the plan allows. */
export async function getRedditAccounts(signal?: AbortSignal): Promise<RedditAccountsResponse> {
  const body = await apiRequest('GET', redditAccountsQueryKey[0], {
    signal,
    schema: redditAccountsResponseSchema,
  });
  return body;
}

export function redditAccountsQueryOptions() {
  return queryOptions({
    queryKey: redditAccountsQueryKey,
    queryFn: ({ signal }) => getRedditAccounts(signal),
  });
}

export function useRedditAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...redditAccountsQueryOptions(), enabled });
}
