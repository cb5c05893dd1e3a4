import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePlanResponseSchema, type ChangePlanResponse } from '@app/shared/billing';
import type { PaidPlan } from '@app/shared/plans';
import { apiRequest } from '../../../lib/request';
import { subscriptionQueryKey } from './get-subscription';

/** POST /api/subscription/change {plan}: the running subscription moves to the plan, prorated now. */
export async function changePlan(plan: PaidPlan): Promise<ChangePlanResponse> {
  const body = await apiRequest('POST', '/api/subscription/change', {
    body: { plan },
    schema: changePlanResponseSchema,
  });
  return body;
}

/** The tier follows Stripe's webhook, so the caller polls the subscription after this succeeds. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
