import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpMessages } from '@app/shared/messages';
import { referralOverviewSchema, type ReferralOverview } from '@app/shared/referral';
import { apiRequest } from '../../../lib/request';

/** GET /api/referral/me: the code, counts, people referred and the credit earned. */
export async function getReferralOverview(signal?: AbortSignal): Promise<ReferralOverview> {
  const body = referralOverviewSchema.safeParse(
    await apiRequest('GET', '/api/referral/me', undefined, { signal }),
  );
  if (!body.success) throw new Error(httpMessages.serverError, { cause: body.error });
  return body.data;
}

export const referralOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['referral', 'me'],
    queryFn: ({ signal }) => getReferralOverview(signal),
  });

export const useReferralOverview = () => useQuery(referralOverviewQueryOptions());
