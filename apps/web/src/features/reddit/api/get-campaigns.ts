import { useQuery } from '@tanstack/react-query';
import { campaignListResponseSchema, type Campaign } from '@app/shared/campaigns';
import { apiRequest } from '../../../lib/request';

// Its own module, without the campaign page's texts and actions: /reddit lists campaign names
// beside the posts and should not load the planner's code for it.
export const campaignsQueryKey = ['/api/campaigns'] as const;

/** GET /api/campaigns: the newest first; polled while a campaign has posts waiting or copies being made. */
export function useCampaigns({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: campaignsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', campaignsQueryKey[0], { signal, schema: campaignListResponseSchema }),
    enabled,
    refetchInterval: (query) => {
      const busy = (query.state.data ?? []).some(
        (campaign: Campaign) =>
          campaign.copies.making > 0 || (campaign.status === 'active' && campaign.counts.pending > 0),
      );
      return busy ? 15_000 : false;
    },
  });
}
