import { useQuery } from '@tanstack/react-query';
import { resultsResponseSchema } from '@app/shared/results';
import { apiRequest } from '../../../lib/request';

/** GET /api/results for 7, 30 or 90 days; the Results page and the dashboard card share it. */
export function useResults(days: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/results', days] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/results?days=${days}`, { signal, schema: resultsResponseSchema }),
    enabled,
  });
}
