import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiQuotaSchema, type AiQuota } from '@app/shared/ai';
import { apiRequest } from '../../../lib/request';

export const aiQuotaQueryKey = ['/api/ai/quota'] as const;

/** GET /api/ai/quota: today's generations against the plan's daily allowance (visitors: per address). */
export async function getAiQuota(signal?: AbortSignal): Promise<AiQuota> {
  const body = await apiRequest('GET', aiQuotaQueryKey[0], { signal, schema: aiQuotaSchema });
  return body;
}

export function aiQuotaQueryOptions() {
  return queryOptions({
    queryKey: aiQuotaQueryKey,
    queryFn: ({ signal }) => getAiQuota(signal),
    // Read again when the day turns over, so a page left open overnight offers generating again.
    refetchInterval: (query) => {
      const resetsAt = query.state.data ? Date.parse(query.state.data.resetsAt) : NaN;
      return Number.isNaN(resetsAt) ? false : Math.max(60_000, resetsAt - Date.now() + 5_000);
    },
  });
}

export function useAiQuota() {
  return useQuery(aiQuotaQueryOptions());
}
