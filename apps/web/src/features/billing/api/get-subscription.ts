import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionResponseSchema, type SubscriptionResponse } from '@app/shared/billing';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

export const subscriptionQueryKey = ['/api/subscription'] as const;

/** GET /api/subscription: the caller's current subscription (or null) and the tier the server holds now. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  const body = await apiRequest('GET', subscriptionQueryKey[0], undefined, { signal });
  const parsed = subscriptionResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
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
