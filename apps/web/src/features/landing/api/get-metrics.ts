import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicMetricsSchema, type PublicMetrics } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';

/** GET /api/metrics: the public numbers on the landing page (creators, engagement, posts). */
export async function getPublicMetrics(signal?: AbortSignal): Promise<PublicMetrics> {
  return apiRequest('GET', '/api/metrics', { signal, schema: publicMetricsSchema });
}

export function publicMetricsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/metrics'],
    queryFn: ({ signal }) => getPublicMetrics(signal),
    // Marketing numbers: a few minutes old is fine, and they should not flicker between pages.
    staleTime: 5 * 60_000,
  });
}

export function usePublicMetrics() {
  return useQuery(publicMetricsQueryOptions());
}
