import { paidPlanSchema, type PaidPlan } from '@app/shared/plans';

/** docs/product.md#billing: ?plan=starter or pro; anything else (or nothing) is starter. */
export function checkoutPlanFrom(params: URLSearchParams): PaidPlan {
  const parsed = paidPlanSchema.safeParse(params.get('plan'));
  return parsed.success ? parsed.data : 'starter';
}

export function checkoutPath(plan: PaidPlan): string {
  return `/checkout?plan=${plan}`;
}

/** docs/product.md#billing: where Stripe sends the browser back after the card is confirmed. */
export function paymentReturnUrl(plan: PaidPlan, origin = window.location.origin): string {
  return `${origin}/dashboard?payment=success&plan=${plan}`;
}
