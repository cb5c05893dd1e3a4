import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionResponseSchema, type SubscriptionResponse } from '@app/shared/billing';
import { apiRequest } from '../../../lib/request';

export const subscriptionQueryKey = ['/api/subscription'] as const;

/** GET /api/subscription: the caller's current subscription (or null) and the tier the server holds now. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  const body = await apiRequest('GET', subscriptionQueryKey[0], {
    signal,
    schema: subscriptionResponseSchema,
  });
  return body;
}

export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
    // Payments finish elsewhere (Stripe, the webhook): every visit reads the state again.
    staleTime: 0,
  });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
