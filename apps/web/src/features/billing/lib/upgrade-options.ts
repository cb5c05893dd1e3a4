import { paidPlans, plans, type PaidPlan } from '@app/shared/plans';
import type { Tier } from '@app/shared/user';

/** The paid plans above the current one, cheapest first (Free → Starter and Pro, Starter → Pro). */
export function upgradeOptions(current: Tier): PaidPlan[] {
  return paidPlans.filter((plan) => plans[plan].priceCents > plans[current].priceCents);
}
