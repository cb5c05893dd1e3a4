import type { FastifyBaseLogger } from 'fastify';
import { billingErrorCodes, billingMessages, subscriptionStatuses } from '@app/shared/billing';
import { paidPlanSchema, paidPlans, plans, type PaidPlan } from '@app/shared/plans';
import { PaymentProviderError, type PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import { priceLookupKey, type StripeEvent } from '../../adapters/stripe/stripe-gateway.js';
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
      status: SubscriptionStatus | undefined;
      /** Only when the event says; undefined leaves it as it is. */
      nextBillDate?: Date | null;
      canceledAt?: Date;
      /** invoice.payment_failed: past_due only for a subscription that was paid before. */
      onlyIfPaying?: boolean;
    }
  | { kind: 'refund'; customerId: string; full: boolean }
  | { kind: 'none' };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : undefined);
const knownStatus = (status: string): SubscriptionStatus | undefined =>
  (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : undefined;

function planFrom(metadata: Record<string, string> | null | undefined, lookupKey?: string | null): PaidPlan | undefined {
  const byKey = paidPlans.find((plan) => lookupKey && priceLookupKey(plan) === lookupKey);
  return byKey ?? paidPlanSchema.safeParse(metadata?.plan).data;
}

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
        plan: planFrom(details?.metadata),
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
        plan: planFrom(subscription.metadata, item?.price?.lookup_key),
        status: deleted ? 'canceled' : knownStatus(subscription.status),
        nextBillDate: deleted ? null : fromUnix(item?.current_period_end),
        canceledAt: deleted ? (fromUnix(subscription.ended_at ?? subscription.canceled_at) ?? new Date(event.created * 1000)) : undefined,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const customerId = idOf(charge.customer);
      // `refunded` is true only once the whole amount is back with the customer.
      return customerId ? { kind: 'refund', customerId, full: charge.refunded } : { kind: 'none' };
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

async function applySubscriptionEffect(tx: Database, effect: Extract<Effect, { kind: 'subscription' }>, log: FastifyBaseLogger) {
  const row = await findByStripeSubscriptionId(tx, effect.stripeSubscriptionId);
  if (!row) {
    // Made by Stripe Checkout (payment link): adopt it through the metadata we gave it.
    const plan = effect.plan;
    if (!effect.userId || !plan || !effect.status || !(await userExists(tx, effect.userId))) {
      log.warn({ subscription: effect.stripeSubscriptionId }, 'Stripe event for a subscription of no known user; acknowledged');
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
    ...(effect.plan && effect.plan !== row.plan ? { plan: effect.plan, amountCents: plans[effect.plan].priceCents } : {}),
    ...(effect.nextBillDate !== undefined ? { nextBillDate: effect.nextBillDate } : {}),
    ...(effect.canceledAt ? { canceledAt: effect.canceledAt } : {}),
    ...(row.stripeCustomerId ? {} : { stripeCustomerId: effect.customerId ?? null }),
  });
  await syncUserTier(tx, row.userId);
}

/**
 * A full refund ends the plan: the Stripe subscription is cancelled first (so it bills no more),
 * then our row, in the event's transaction. A partial refund is a goodwill credit: nothing changes.
 */
async function cancelRefundedInStripe(deps: WebhookDependencies, customerId: string): Promise<string | undefined> {
  const row = await findTierKeepingByCustomer(deps.db, customerId);
  if (!row?.stripeSubscriptionId) return undefined;
  if (deps.gateway) {
    try {
      await deps.gateway.cancelSubscription(row.stripeSubscriptionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ detail: error.message }, 'could not cancel a refunded subscription in Stripe');
      // Nothing recorded yet: Stripe sends the event again and we try again.
      throw new AppError(503, billingMessages.providerUnavailable, billingErrorCodes.providerUnavailable);
    }
  }
  return row.stripeSubscriptionId;
}

/**
 * Handles one verified event exactly once: its id is inserted first, in the same transaction as
 * the change, so a replay (or two deliveries racing) changes nothing the second time.
 */
export async function handleStripeEvent(deps: WebhookDependencies, event: StripeEvent): Promise<{ duplicate: boolean }> {
  if (await isStripeEventRecorded(deps.db, event.id)) return { duplicate: true };
  const effect = effectOf(event);
  const refundedSubscriptionId = effect.kind === 'refund' && effect.full ? await cancelRefundedInStripe(deps, effect.customerId) : undefined;

  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
    if (effect.kind === 'subscription') await applySubscriptionEffect(tx, effect, deps.log);
    if (refundedSubscriptionId) {
      const row = await findByStripeSubscriptionId(tx, refundedSubscriptionId);
      if (row && !finalStatuses.includes(row.status)) {
        await updateSubscription(tx, row.id, { status: 'canceled', canceledAt: new Date(event.created * 1000), nextBillDate: null });
        await syncUserTier(tx, row.userId);
      }
    }
    return true;
  });
  deps.log.info({ event: event.id, type: event.type, duplicate: !recorded }, 'Stripe event handled');
  return { duplicate: !recorded };
}
