import type { FastifyBaseLogger } from 'fastify';
import {
  billingErrorCodes,
  billingMessages,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type SubscriptionResponse,
} from '@app/shared/billing';
import { formatPrice, plans, type PaidPlan } from '@app/shared/plans';
import { PaymentProviderError, type PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import {
  findCurrentSubscription,
  findKnownCustomerId,
  finalStatuses,
  findResumableSubscription,
  findTierKeepingSubscriptions,
  findUserTier,
  insertSubscription,
} from './subscription.repo.js';

export interface BillingDependencies {
  db: Database;
  /** undefined without STRIPE_SECRET_KEY. */
  gateway: PaymentGateway | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
}

function notConfigured() {
  return new AppError(503, billingMessages.notConfigured, billingErrorCodes.notConfigured);
}

/** Stripe trouble becomes 503 (try again) or 502 (it refused us); the details go to the log only. */
export function providerFailure(error: unknown, log: FastifyBaseLogger, action: string): never {
  if (!(error instanceof PaymentProviderError)) throw error;
  log.error({ kind: error.kind, detail: error.message }, `Stripe failed to ${action}`);
  if (error.kind === 'unavailable') {
    throw new AppError(503, billingMessages.providerUnavailable, billingErrorCodes.providerUnavailable);
  }
  throw new AppError(502, billingMessages.providerFailed, billingErrorCodes.providerUnavailable);
}

export function requireGateway(deps: BillingDependencies): PaymentGateway {
  if (!deps.gateway) throw notConfigured();
  return deps.gateway;
}

/** One running subscription per user: the same plan is paid already, another plan is switched to, not stacked. */
async function refuseIfAlreadyPaying(deps: BillingDependencies, user: UserRow, plan: PaidPlan) {
  const running = await findTierKeepingSubscriptions(deps.db, user.id);
  if (running.some((row) => row.plan === plan)) {
    throw AppError.conflict(
      billingMessages.alreadySubscribed(plans[plan].name),
      billingErrorCodes.alreadySubscribed,
    );
  }
  const other = running[0];
  if (other) {
    throw AppError.conflict(
      billingMessages.planChangeRequired(plans[other.plan].name, plans[plan].name),
      billingErrorCodes.planChangeRequired,
    );
  }
}

/**
 * docs/product.md#billing: POST /api/create-subscription. The browser's amount is only compared with the plan's
 * price; Stripe is always asked for the plan's own price. The subscription stays incomplete (and
 * the tier unchanged) until Stripe's webhook reports the payment.
 */
export async function createSubscription(
  deps: BillingDependencies,
  user: UserRow,
  request: CreateSubscriptionRequest,
): Promise<CreateSubscriptionResponse> {
  const plan = plans[request.plan];
  if (request.amount !== plan.priceCents) {
    throw AppError.badRequest(
      billingMessages.priceMismatch(plan.name, formatPrice(plan.priceCents)),
      billingErrorCodes.priceMismatch,
    );
  }
  const gateway = requireGateway(deps);
  await refuseIfAlreadyPaying(deps, user, request.plan);
  const answer = (subscriptionId: string, clientSecret: string): CreateSubscriptionResponse => ({
    clientSecret,
    subscriptionId,
    plan: request.plan,
    amount: plan.priceCents,
    currency: plan.currency,
  });
  try {
    // A reloaded checkout page pays the subscription it already started instead of stacking new ones.
    const resumable = await findResumableSubscription(deps.db, user.id, request.plan);
    const resumed = resumable?.stripeSubscriptionId
      ? await gateway.resumeIncompleteSubscription(resumable.stripeSubscriptionId)
      : null;
    if (resumed) return answer(resumed.subscriptionId, resumed.clientSecret);

    const customerId = await gateway.customerFor(user, await findKnownCustomerId(deps.db, user.id));
    const created = await gateway.createIncompleteSubscription({
      customerId,
      userId: user.id,
      plan: request.plan,
    });
    await insertSubscription(deps.db, {
      userId: user.id,
      plan: request.plan,
      status: 'incomplete',
      amountCents: plan.priceCents,
      currency: plan.currency,
      stripeCustomerId: customerId,
      stripeSubscriptionId: created.subscriptionId,
      nextBillDate: created.currentPeriodEnd,
    });
    return answer(created.subscriptionId, created.clientSecret);
  } catch (error) {
    return providerFailure(error, deps.log, 'create a subscription');
  }
}

/** docs/product.md#billing: POST /api/billing/payment-link, a hosted Stripe Checkout page for the plan. */
export async function createPaymentLink(deps: BillingDependencies, user: UserRow, plan: PaidPlan) {
  const gateway = requireGateway(deps);
  await refuseIfAlreadyPaying(deps, user, plan);
  try {
    const customerId = await gateway.customerFor(user, await findKnownCustomerId(deps.db, user.id));
    const paymentUrl = await gateway.createHostedPaymentUrl({
      customerId,
      userId: user.id,
      plan,
      // The same return as the card form (docs/product.md#billing); the tier still changes only by webhook.
      successUrl: `${deps.publicUrl}/dashboard?payment=success&plan=${plan}`,
      cancelUrl: `${deps.publicUrl}/enterprise?tab=billing`,
    });
    return { paymentUrl };
  } catch (error) {
    return providerFailure(error, deps.log, 'create a payment link');
  }
}

/** docs/product.md#billing: GET /api/subscription, the caller's own subscription only. */
export async function subscriptionOf(db: Database, user: UserRow): Promise<SubscriptionResponse> {
  const row = await findCurrentSubscription(db, user.id);
  // Read the tier again: a webhook may have changed it since the session loaded the user.
  const tier = (await findUserTier(db, user.id)) ?? user.tier;
  if (!row) return { subscription: null, tier };
  const ended = finalStatuses.includes(row.status);
  return {
    subscription: {
      plan: row.plan,
      status: row.status,
      amount: row.amountCents,
      currency: row.currency,
      nextBillDate: ended ? null : (row.nextBillDate?.toISOString() ?? null),
      cancelAtPeriodEnd: !ended && row.cancelAtPeriodEnd,
      createdAt: row.createdAt.toISOString(),
    },
    tier,
  };
}
