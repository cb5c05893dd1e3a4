import { useMutation } from '@tanstack/react-query';
import { billingPortalResponseSchema } from '@app/shared/billing';
import { apiRequest } from '../../../lib/request';

/** POST /api/billing/portal: a Stripe Billing Portal session for the caller's customer. */
export async function createBillingPortalUrl(): Promise<string> {
  const body = await apiRequest('POST', '/api/billing/portal', {
    body: {},
    schema: billingPortalResponseSchema,
  });
  return body.url;
}

/** Stripe's page replaces this one; its return link comes back to Settings' subscription card. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      const url = await createBillingPortalUrl();
      window.location.assign(url);
      return url;
    },
  });
}
