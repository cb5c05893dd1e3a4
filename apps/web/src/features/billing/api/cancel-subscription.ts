import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionResponseSchema, type SubscriptionResponse } from '@app/shared/billing';
import { apiRequest } from '../../../lib/request';
import { subscriptionQueryKey } from './get-subscription';

/**
 * POST /api/subscription/cancel or /resume: Stripe ends the subscription when the paid period is
 * over (or no longer does). Answers the subscription as the server now holds it.
 */
export async function setSubscriptionCancelled(cancel: boolean): Promise<SubscriptionResponse> {
  const body = await apiRequest('POST', cancel ? '/api/subscription/cancel' : '/api/subscription/resume', {
    body: {},
    schema: subscriptionResponseSchema,
  });
  return body;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => setSubscriptionCancelled(true),
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    },
  });
}
