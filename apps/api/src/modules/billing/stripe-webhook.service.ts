import type { FastifyBaseLogger } from 'fastify';
import { billingErrorCodes, billingMessages, subscriptionStatuses } from '@app/shared/billing';
import { paidPlanSchema, plans, type PaidPlan } from '@app/shared/plans';
import { PaymentProviderError, type PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import { isEnding, planOfPrice, type StripeEvent } from '../../adapters/stripe/stripe-gateway.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  finalStatuses,
  findByStripeSubscriptionId,
  findTierKeepingByCustomer,
  insertSubscription,
  isStripeEventRecorded,
  recordStripeEvent,
  syncUserTier,
  tierKeepingStatuses,
  updateSubscription,
  userExists,
  type SubscriptionStatus,
} from './subscription.repo.js';

export interface WebhookDependencies {
  db: Database;
  gateway: PaymentGateway | undefined;
  log: FastifyBaseLogger;
}

/** What one event asks of our data, read from the event alone. */
type Effect =
  | {
      kind: 'subscription';
      stripeSubscriptionId: string;
      customerId: string | undefined;
      /** From the subscription's metadata (set by us): lets a Checkout-made subscription be adopted. */
      userId: string | undefined;
      plan: PaidPlan | undefined;
      /**
       * Only subscription events carry the item's price; an invoice's metadata may predate a plan
       * change, so its plan only serves to adopt an unknown subscription.
       */
      planIsCurrent: boolean;
      cancelAtPeriodEnd?: boolean;
      status: SubscriptionStatus | undefined;
      /** Only when the event says; undefined leaves it as it is. */
      nextBillDate?: Date | null;
      canceledAt?: Date;
      /** invoice.payment_failed: past_due only for a subscription that was paid before. */
      onlyIfPaying?: boolean;
    }
  | { kind: 'refund'; customerId: string; paymentIntentId: string | undefined; full: boolean }
  | { kind: 'none' };

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : undefined);
const knownStatus = (status: string): SubscriptionStatus | undefined =>
  (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : undefined;

const metadataPlan = (metadata: Record<string, string> | null | undefined) =>
  paidPlanSchema.safeParse(metadata?.plan).data;

function effectOf(event: StripeEvent): Effect {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const stripeSubscriptionId = idOf(details?.subscription);
      // One-off invoices have nothing to do with plans.
      if (!stripeSubscriptionId) return { kind: 'none' };
      const failed = event.type === 'invoice.payment_failed';
      return {
        kind: 'subscription',
        stripeSubscriptionId,
        customerId: idOf(invoice.customer),
        userId: details?.metadata?.userId,
        plan: metadataPlan(details?.metadata),
        planIsCurrent: false,
        status: failed ? 'past_due' : 'active',
        onlyIfPaying: failed,
        // The paid period's end is when the next bill comes.
        nextBillDate: failed ? undefined : fromUnix(invoice.lines?.data?.[0]?.period?.end),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      const deleted = event.type === 'customer.subscription.deleted';
      return {
        kind: 'subscription',
        stripeSubscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        userId: subscription.metadata?.userId,
        // The item's price says the plan (a switch changes it); the metadata is the fallback.
        plan: planOfPrice(item?.price) ?? metadataPlan(subscription.metadata),
        planIsCurrent: true,
        cancelAtPeriodEnd: deleted ? false : isEnding(subscription),
        status: deleted ? 'canceled' : knownStatus(subscription.status),
        nextBillDate: deleted ? null : fromUnix(item?.current_period_end),
        canceledAt: deleted
          ? (fromUnix(subscription.ended_at ?? subscription.canceled_at) ?? new Date(event.created * 1000))
          : undefined,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const customerId = idOf(charge.customer);
      if (!customerId) return { kind: 'none' };
      // Full only once the whole amount is back; a partial refund is a goodwill credit.
      const full = charge.amount > 0 && charge.amount_refunded === charge.amount;
      return { kind: 'refund', customerId, paymentIntentId: idOf(charge.payment_intent), full };
    }
    default:
      return { kind: 'none' };
  }
}

/** Transitions Stripe never makes; seeing one means the events arrived out of order. */
function isStale(current: SubscriptionStatus, next: SubscriptionStatus): boolean {
  if (finalStatuses.includes(current)) return next !== current;
  return next === 'incomplete' && current !== 'incomplete';
}

async function applySubscriptionEffect(
  tx: Database,
  effect: Extract<Effect, { kind: 'subscription' }>,
  log: FastifyBaseLogger,
) {
  const row = await findByStripeSubscriptionId(tx, effect.stripeSubscriptionId);
  if (!row) {
    // Made by Stripe Checkout (payment link): adopt it through the metadata we gave it.
    const plan = effect.plan;
    if (!effect.userId || !plan || !effect.status || !(await userExists(tx, effect.userId))) {
      log.warn(
        { subscription: effect.stripeSubscriptionId },
        'Stripe event for a subscription of no known user; acknowledged',
      );
      return;
    }
    await insertSubscription(tx, {
      userId: effect.userId,
      plan,
      status: effect.onlyIfPaying ? 'incomplete' : effect.status,
      amountCents: plans[plan].priceCents,
      currency: plans[plan].currency,
      stripeCustomerId: effect.customerId ?? null,
      stripeSubscriptionId: effect.stripeSubscriptionId,
      nextBillDate: effect.nextBillDate ?? null,
    });
    await syncUserTier(tx, effect.userId);
    return;
  }
  const status = effect.status;
  if (status && isStale(row.status, status)) return;
  if (effect.onlyIfPaying && !tierKeepingStatuses.includes(row.status)) return;
  await updateSubscription(tx, row.id, {
    ...(status ? { status } : {}),
    ...(effect.planIsCurrent && effect.plan && effect.plan !== row.plan
      ? { plan: effect.plan, amountCents: plans[effect.plan].priceCents }
      : {}),
    ...(effect.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: effect.cancelAtPeriodEnd } : {}),
    ...(effect.nextBillDate !== undefined ? { nextBillDate: effect.nextBillDate } : {}),
    ...(effect.canceledAt ? { canceledAt: effect.canceledAt } : {}),
    ...(row.stripeCustomerId ? {} : { stripeCustomerId: effect.customerId ?? null }),
  });
  await syncUserTier(tx, row.userId);
}

/**
 * The subscription a full refund takes back: the one whose latest invoice the refunded payment
 * paid. A refund of an older invoice (e.g. before a plan switch) leaves the running plan alone.
 */
async function refundedSubscription(deps: WebhookDependencies, effect: Extract<Effect, { kind: 'refund' }>) {
  if (!deps.gateway) {
    // Without an API key Stripe cannot be asked which invoice it was; the customer's newest plan is.
    return findTierKeepingByCustomer(deps.db, effect.customerId);
  }
  if (!effect.paymentIntentId) return undefined;
  const paid = await deps.gateway.subscriptionPaidBy(effect.paymentIntentId);
  if (!paid?.latestInvoice) {
    deps.log.info(
      { paymentIntent: effect.paymentIntentId },
      'refund of no current subscription invoice; plan unchanged',
    );
    return undefined;
  }
  const row = await findByStripeSubscriptionId(deps.db, paid.subscriptionId);
  return row && row.stripeCustomerId === effect.customerId && tierKeepingStatuses.includes(row.status)
    ? row
    : undefined;
}

/**
 * A full refund ends the plan: the Stripe subscription is cancelled first (so it bills no more),
 * then our row, in the event's transaction. Nothing is recorded before Stripe agreed, so a failure
 * here is a 503 and Stripe's retry tries again.
 */
async function cancelRefundedInStripe(
  deps: WebhookDependencies,
  effect: Extract<Effect, { kind: 'refund' }>,
) {
  try {
    const row = await refundedSubscription(deps, effect);
    if (!row?.stripeSubscriptionId) return undefined;
    await deps.gateway?.cancelSubscription(row.stripeSubscriptionId);
    return row.stripeSubscriptionId;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.error({ detail: error.message }, 'could not cancel a refunded subscription in Stripe');
    throw new AppError(503, billingMessages.providerUnavailable, billingErrorCodes.providerUnavailable);
  }
}

/**
 * Handles one verified event exactly once: its id is inserted first, in the same transaction as
 * the change, so a replay (or two deliveries racing) changes nothing the second time.
 */
export async function handleStripeEvent(
  deps: WebhookDependencies,
  event: StripeEvent,
): Promise<{ duplicate: boolean }> {
  if (await isStripeEventRecorded(deps.db, event.id)) return { duplicate: true };
  const effect = effectOf(event);
  const refundedSubscriptionId =
    effect.kind === 'refund' && effect.full ? await cancelRefundedInStripe(deps, effect) : undefined;

  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
    if (effect.kind === 'subscription') await applySubscriptionEffect(tx, effect, deps.log);
    if (refundedSubscriptionId) {
      const row = await findByStripeSubscriptionId(tx, refundedSubscriptionId);
      if (row && !finalStatuses.includes(row.status)) {
        await updateSubscription(tx, row.id, {
          status: 'refunded',
          canceledAt: new Date(event.created * 1000),
          nextBillDate: null,
          cancelAtPeriodEnd: false,
        });
        await syncUserTier(tx, row.userId);
      }
    }
    return true;
  });
  deps.log.info({ event: event.id, type: event.type, duplicate: !recorded }, 'Stripe event handled');
  return { duplicate: !recorded };
}
