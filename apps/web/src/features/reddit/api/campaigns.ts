import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  campaignActionResponseSchema,
  campaignCreatedResponseSchema,
  campaignDetailSchema,
  campaignPlanResponseSchema,
  type CampaignPlanResponse,
  type CampaignRequest,
} from '@app/shared/campaigns';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { redditErrorText } from '../lib/reddit-error-text';
import { campaignPageTexts } from '../lib/campaign-texts';
import { campaignsQueryKey } from './get-campaigns';
import { scheduledPostsQueryKey } from './get-scheduled-posts';

/** POST /api/campaigns/plan: nothing is saved. */
export function usePlanCampaign() {
  return useMutation({
    mutationFn: (request: CampaignRequest): Promise<CampaignPlanResponse> =>
      apiRequest('POST', '/api/campaigns/plan', { body: request, schema: campaignPlanResponseSchema }),
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CampaignRequest) =>
      apiRequest('POST', campaignsQueryKey[0], { body: request, schema: campaignCreatedResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
        queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
      ]),
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel a whole campaign; the answer's message is the toast. */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) =>
      action === 'cancel'
        ? apiRequest('DELETE', `${campaignsQueryKey[0]}/${encodeURIComponent(id)}`, {
            schema: campaignActionResponseSchema,
          })
        : apiRequest('POST', `${campaignsQueryKey[0]}/${encodeURIComponent(id)}/${action}`, {
            schema: campaignActionResponseSchema,
          }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(campaignPageTexts.actionFailed, { description: redditErrorText(error) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
        queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
      ]),
  });
}

const suggestionSchema = z.array(
  z
    .object({
      name: z.string(),
      members: z.number(),
      promotionAllowed: z.enum(['yes', 'limited', 'no']),
      successProbability: z.number().nullable(),
      category: z.string(),
    })
    .loose(),
);
export type CommunitySuggestion = z.infer<typeof suggestionSchema>[number];

/** GET /api/reddit/communities, for the campaign's subreddit search and suggestions. */
export function useCampaignCommunities({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['/api/reddit/communities', 'campaign-suggestions'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/reddit/communities', { signal, schema: suggestionSchema }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/campaigns/{id}: the campaign with its posts, read when the creator opens it. */
export function useCampaignDetail(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...campaignsQueryKey, id] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', `${campaignsQueryKey[0]}/${encodeURIComponent(id)}`, {
        signal,
        schema: campaignDetailSchema,
      }),
    enabled,
  });
}
