import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralOverviewSchema, type ReferralOverview } from '@app/shared/referral';
import { apiRequest } from '../../../lib/request';

/** GET /api/referral/me: the code, counts, people referred and the credit earned. */
export async function getReferralOverview(signal?: AbortSignal): Promise<ReferralOverview> {
  return apiRequest('GET', '/api/referral/me', { signal, schema: referralOverviewSchema });
}

export const referralOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['referral', 'me'],
    queryFn: ({ signal }) => getReferralOverview(signal),
  });

export const useReferralOverview = () => useQuery(referralOverviewQueryOptions());
