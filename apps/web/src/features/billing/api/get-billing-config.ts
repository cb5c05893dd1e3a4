import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingConfigResponseSchema, type BillingConfigResponse } from '@app/shared/billing';
import { apiRequest } from '../../../lib/request';

export const billingConfigQueryKey = ['/api/billing/config'] as const;

/** GET /api/billing/config (public): whether card payments are set up, and Stripe's publishable key. */
export async function getBillingConfig(signal?: AbortSignal): Promise<BillingConfigResponse> {
  const body = await apiRequest('GET', billingConfigQueryKey[0], {
    signal,
    schema: billingConfigResponseSchema,
  });
  return body;
}

export function billingConfigQueryOptions() {
  return queryOptions({ queryKey: billingConfigQueryKey, queryFn: ({ signal }) => getBillingConfig(signal) });
}

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions());
}
