import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  siteAnalyticsReportSchema,
  type AnalyticsRange,
  type SiteAnalyticsReport,
} from '@app/shared/analytics-reports';
import { apiRequest } from '../../../lib/request';

/** GET /api/admin/analytics?range=: site-wide figures; the server answers 403 to anyone but admins. */
export async function getSiteAnalytics(
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<SiteAnalyticsReport> {
  const body = await apiRequest('GET', `/api/admin/analytics?range=${range}`, {
    signal,
    schema: siteAnalyticsReportSchema,
  });
  return body;
}

export function siteAnalyticsQueryOptions(range: AnalyticsRange) {
  return queryOptions({
    queryKey: ['/api/admin/analytics', range] as const,
    queryFn: ({ signal }) => getSiteAnalytics(range, signal),
  });
}

export function useSiteAnalytics(range: AnalyticsRange) {
  return useQuery({ ...siteAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
}
