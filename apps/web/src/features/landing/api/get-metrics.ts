import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicMetricsSchema, type PublicMetrics } from '@app/shared/auth';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

/** GET /api/metrics: the public numbers on the landing page (creators, engagement, posts). */
export async function getPublicMetrics(signal?: AbortSignal): Promise<PublicMetrics> {
  const parsed = publicMetricsSchema.safeParse(
    await apiRequest('GET', '/api/metrics', undefined, { signal }),
  );
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
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
