import {
  billingErrorCodes,
  billingMessages,
  type ChangePlanResponse,
  type SubscriptionResponse,
} from '@app/shared/billing';
import { plans, type PaidPlan } from '@app/shared/plans';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import {
  providerFailure,
  requireGateway,
  subscriptionOf,
  type BillingDependencies,
} from './billing.service.js';
import {
  findKnownCustomerId,
  findTierKeepingSubscriptions,
  updateSubscription,
} from './subscription.repo.js';

/** The user's running subscription (the caller's own rows only), or a 409 saying there is none. */
async function runningSubscription(deps: BillingDependencies, user: UserRow) {
  const [row] = await findTierKeepingSubscriptions(deps.db, user.id);
  if (!row?.stripeSubscriptionId) {
    throw AppError.conflict(billingMessages.noActiveSubscription, billingErrorCodes.noActiveSubscription);
  }
  return { ...row, stripeSubscriptionId: row.stripeSubscriptionId };
}

/**
 * POST /api/subscription/change: the running subscription's item moves to the other plan's price
 * (one subscription, prorated now). Our row and the tier are left to Stripe's webhook.
 */
export async function changePlan(
  deps: BillingDependencies,
  user: UserRow,
  plan: PaidPlan,
): Promise<ChangePlanResponse> {
  const gateway = requireGateway(deps);
  const row = await runningSubscription(deps, user);
  if (row.plan === plan)
    throw AppError.conflict(
      billingMessages.alreadyOnPlan(plans[plan].name),
      billingErrorCodes.alreadySubscribed,
    );
  // past_due: an immediate proration invoice would pile onto a card that is already failing.
  if (row.status !== 'active' && row.status !== 'trialing') {
    throw AppError.conflict(billingMessages.noActiveSubscription, billingErrorCodes.noActiveSubscription);
  }
  if (row.cancelAtPeriodEnd)
    throw AppError.conflict(billingMessages.resumeBeforeChange, billingErrorCodes.subscriptionEnding);
  let state;
  try {
    state = await gateway.changeSubscriptionPlan({
      subscriptionId: row.stripeSubscriptionId,
      userId: user.id,
      plan,
    });
  } catch (error) {
    return providerFailure(error, deps.log, 'change a plan');
  }
  if (state.pendingPayment) {
    throw new AppError(
      402,
      billingMessages.planChangePaymentFailed(plans[plan].name),
      billingErrorCodes.planChangePaymentFailed,
    );
  }
  return {
    subscriptionId: state.subscriptionId,
    plan: state.plan ?? plan,
    status: state.status,
    nextBillDate: state.currentPeriodEnd?.toISOString() ?? null,
  };
}

/**
 * POST /api/subscription/cancel and /resume: Stripe ends the subscription at the period's end (or
 * no longer does). The flag is stored at once; the tier drops only with Stripe's deletion event.
 */
export async function setCancelAtPeriodEnd(
  deps: BillingDependencies,
  user: UserRow,
  cancelAtPeriodEnd: boolean,
): Promise<SubscriptionResponse> {
  const gateway = requireGateway(deps);
  const row = await runningSubscription(deps, user);
  let state;
  try {
    state = await gateway.setCancelAtPeriodEnd(row.stripeSubscriptionId, cancelAtPeriodEnd);
  } catch (error) {
    return providerFailure(
      error,
      deps.log,
      cancelAtPeriodEnd ? 'cancel a subscription' : 'resume a subscription',
    );
  }
  await updateSubscription(deps.db, row.id, {
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    ...(state.currentPeriodEnd ? { nextBillDate: state.currentPeriodEnd } : {}),
  });
  return subscriptionOf(deps.db, user);
}

/** POST /api/billing/portal: Stripe's own page for cards, invoices and cancellation. */
export async function createPortalSession(
  deps: BillingDependencies,
  user: UserRow,
): Promise<{ url: string }> {
  const gateway = requireGateway(deps);
  const customerId = await findKnownCustomerId(deps.db, user.id);
  if (!customerId)
    throw AppError.notFound(billingMessages.noBillingAccount, billingErrorCodes.noBillingAccount);
  try {
    return {
      url: await gateway.createPortalUrl({
        customerId,
        returnUrl: `${deps.publicUrl}/settings#subscription`,
      }),
    };
  } catch (error) {
    return providerFailure(error, deps.log, 'open the billing portal');
  }
}
