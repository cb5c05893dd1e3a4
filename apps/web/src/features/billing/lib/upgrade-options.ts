import { paidPlans, plans, type PaidPlan } from '@app/shared/plans';
import type { Tier } from '@app/shared/user';

/** The paid plans above the current one, cheapest first (Free → Starter and Pro, Starter → Pro). */
export function upgradeOptions(current: Tier): PaidPlan[] {
  return paidPlans.filter((plan) => plans[plan].priceCents > plans[current].priceCents);
}

/** A subscription Stripe still bills: its plan changes through the switch, never a second checkout. */
export function isRunningSubscription(status: string | undefined): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}
