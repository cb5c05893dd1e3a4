import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  createSubscriptionResponseSchema,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
} from '@app/shared/billing';
import { priceCentsFor, type PaidPlan } from '@app/shared/plans';
import { apiRequest } from '../../../lib/request';

/**
 * POST /api/create-subscription {plan, amount}: starts an unpaid subscription and answers the client
 * secret the card form confirms with Stripe. The amount is the catalogue price; the server refuses
 * any other.
 */
export async function createSubscription(
  request: CreateSubscriptionRequest,
): Promise<CreateSubscriptionResponse> {
  const body = await apiRequest('POST', '/api/create-subscription', {
    body: request,
    schema: createSubscriptionResponseSchema,
  });
  return body;
}

/**
 * Run as a query, not a mutation: opening checkout *is* the request, and a query makes a second
 * render (StrictMode, a remount) share the one call instead of starting another subscription. The
 * server also answers the same unpaid subscription again for a day, so a reload is harmless too.
 */
export function checkoutSessionQueryOptions(plan: PaidPlan) {
  return queryOptions({
    queryKey: ['billing', 'checkout-session', plan] as const,
    queryFn: () => createSubscription({ plan, amount: priceCentsFor(plan) }),
    staleTime: Infinity,
    // Leaving checkout forgets the secret; coming back asks again (and gets the same one).
    gcTime: 0,
  });
}

export function useCheckoutSession(plan: PaidPlan, enabled: boolean) {
  return useQuery({ ...checkoutSessionQueryOptions(plan), enabled });
}
