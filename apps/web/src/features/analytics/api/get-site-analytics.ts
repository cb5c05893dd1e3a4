import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  siteAnalyticsReportSchema,
  type AnalyticsRange,
  type SiteAnalyticsReport,
} from '@app/shared/analytics-reports';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

/** GET /api/admin/analytics?range=: site-wide figures; the server answers 403 to anyone but admins. */
export async function getSiteAnalytics(
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<SiteAnalyticsReport> {
  const body = await apiRequest('GET', `/api/admin/analytics?range=${range}`, undefined, { signal });
  const parsed = siteAnalyticsReportSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
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
