import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUsageSchema, type ApiUsage } from '@app/shared/api-keys';
import { apiRequest } from '../../../lib/request';

export const apiUsageQueryKey = ['/api/api-keys/usage'] as const;

/** GET /api/api-keys/usage: this calendar month's (UTC) metered calls, the limit and when it resets. */
export async function getApiUsage(signal?: AbortSignal): Promise<ApiUsage> {
  const body = await apiRequest('GET', apiUsageQueryKey[0], { signal, schema: apiUsageSchema });
  return body;
}

export function apiUsageQueryOptions() {
  return queryOptions({
    queryKey: apiUsageQueryKey,
    queryFn: ({ signal }) => getApiUsage(signal),
    // Calls come from scripts, not from this page, so the figure is read again whenever it is shown.
    staleTime: 0,
  });
}

/** Only users with API access may ask: for anyone else the server answers 403. */
export function useApiUsage(enabled: boolean) {
  return useQuery({ ...apiUsageQueryOptions(), enabled });
}
