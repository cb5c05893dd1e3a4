import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  userAnalyticsReportSchema,
  type AnalyticsRange,
  type UserAnalyticsReport,
} from '@app/shared/analytics-reports';
import { apiRequest } from '../../../lib/request';

/** GET /api/analytics/me?range=: the signed-in user's own report. */
export async function getUserAnalytics(
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<UserAnalyticsReport> {
  const body = await apiRequest('GET', `/api/analytics/me?range=${range}`, {
    signal,
    schema: userAnalyticsReportSchema,
  });
  return body;
}

export function userAnalyticsQueryOptions(range: AnalyticsRange) {
  return queryOptions({
    queryKey: ['/api/analytics/me', range] as const,
    queryFn: ({ signal }) => getUserAnalytics(range, signal),
  });
}

/** Keeps the previous range's charts on screen while the next range loads. */
export function useUserAnalytics(range: AnalyticsRange) {
  return useQuery({ ...userAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
}
