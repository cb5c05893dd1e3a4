import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  userAnalyticsReportSchema,
  type AnalyticsRange,
  type UserAnalyticsReport,
} from '@app/shared/analytics-reports';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

/** GET /api/analytics/me?range=: the signed-in user's own report. */
export async function getUserAnalytics(
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<UserAnalyticsReport> {
  const body = await apiRequest('GET', `/api/analytics/me?range=${range}`, undefined, { signal });
  const parsed = userAnalyticsReportSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
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
