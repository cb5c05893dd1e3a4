import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contentGenerationStatsSchema, type ContentGenerationStats } from '@app/shared/history';
import { apiRequest } from '../../../lib/request';
import { filtersToQuery, type HistoryFilters } from '../lib/history-filters';
import { historyQueryKey } from './get-content-generations';

/** GET /api/content-generations/stats: the four counters for these filters. */
export async function getHistoryStats(
  filters: HistoryFilters,
  signal?: AbortSignal,
): Promise<ContentGenerationStats> {
  const query = filtersToQuery(filters).toString();
  const body = await apiRequest('GET', `${historyQueryKey[0]}/stats${query ? `?${query}` : ''}`, {
    signal,
    schema: contentGenerationStatsSchema,
  });
  return body;
}

export function historyStatsQueryOptions(filters: HistoryFilters) {
  return queryOptions({
    queryKey: [...historyQueryKey, 'stats', filters] as const,
    queryFn: ({ signal }) => getHistoryStats(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useHistoryStats(filters: HistoryFilters) {
  return useQuery(historyStatsQueryOptions(filters));
}
