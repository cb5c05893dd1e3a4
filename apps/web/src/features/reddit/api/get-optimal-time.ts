import { useQuery } from '@tanstack/react-query';
import { optimalTimeResponseSchema, type OptimalTimeResponse } from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';

export const optimalTimeQueryKey = ['/api/posts/optimal-time'] as const;

/** GET /api/posts/optimal-time?subreddit=: the time 'optimal' would pick for that community now. */
export async function getOptimalTime(subreddit: string, signal?: AbortSignal): Promise<OptimalTimeResponse> {
  const query = new URLSearchParams({ subreddit });
  const body = await apiRequest('GET', `${optimalTimeQueryKey[0]}?${query}`, {
    signal,
    schema: optimalTimeResponseSchema,
  });
  return body;
}

export function useOptimalTime(subreddit: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...optimalTimeQueryKey, subreddit.toLowerCase()] as const,
    queryFn: ({ signal }) => getOptimalTime(subreddit, signal),
    enabled: enabled && /^[A-Za-z0-9_]{2,21}$/.test(subreddit),
    // The next best time moves on as the day goes by.
    staleTime: 5 * 60_000,
  });
}
