import Stripe from 'stripe';
import { paidPlanSchema, paidPlans, plans, type PaidPlan } from '@app/shared/plans';
import type { StripeApiConfig } from '../../config.js';
import {
  PaymentProviderError,
  type IncompleteSubscription,
  type PaymentGateway,
  type SubscriptionState,
} from './payment-gateway.js';

/**
 * Prices are found by lookup key and created on first use, so a fresh Stripe account needs no
 * set-up. The key carries the amount: changing a plan's price in plans.ts makes a new Stripe
 * price (existing subscribers keep theirs) instead of silently reusing the old one.
 */
export function priceLookupKey(plan: PaidPlan): string {
  const { priceCents, currency, interval } = plans[plan];
  return `creator_studio_${plan}_${interval}ly_${priceCents}_${currency}`;
}

/**
 * The plan a Stripe price stands for: its lookup key (ours carry plan and amount), else the
 * `plan` metadata we give every price we create; undefined for someone else's price.
 */
export function planOfPrice(
  price: { lookup_key?: string | null; metadata?: Record<string, string> | null } | null | undefined,
) {
  const byKey = paidPlans.find((plan) => price?.lookup_key && priceLookupKey(plan) === price.lookup_key);
  return byKey ?? paidPlanSchema.safeParse(price?.metadata?.plan).data;
}

/** The official SDK, pointed at STRIPE_API_BASE (api.stripe.com, or a stand-in in tests). */
export function createStripeClient(config: StripeApiConfig): Stripe {
  return new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    timeout: 15_000,
    // One retry for network errors and 409/5xx; the SDK sends the same idempotency key.
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

const retryableTypes = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const unavailable = retryableTypes.has(error.type) || (error.statusCode ?? 0) >= 500;
    // Stripe's own message names what it refused; it masks keys, and it is only logged, never sent to users.
    return new PaymentProviderError(
      unavailable ? 'unavailable' : 'rejected',
      `${error.type}: ${error.message}`,
    );
  }
  return new PaymentProviderError('unavailable', error instanceof Error ? error.message : String(error));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

export function createStripeGateway(
  config: StripeApiConfig,
  stripe: Stripe = createStripeClient(config),
): PaymentGateway {
  const priceIds = new Map<PaidPlan, Promise<string>>();

  async function findOrCreatePrice(plan: PaidPlan): Promise<string> {
    const definition = plans[plan];
    const lookupKey = priceLookupKey(plan);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) {
      if (existing.unit_amount !== definition.priceCents || existing.currency !== definition.currency) {
        throw new PaymentProviderError(
          'rejected',
          `Stripe price ${existing.id} (${lookupKey}) does not match plans.ts`,
        );
      }
      return existing.id;
    }
    const created = await stripe.prices.create({
      currency: definition.currency,
      unit_amount: definition.priceCents,
      recurring: { interval: definition.interval },
      lookup_key: lookupKey,
      // Two servers creating it at once: the later one takes the key over, both prices are equal.
      transfer_lookup_key: true,
      product_data: { name: `Creator Studio ${definition.name}` },
      metadata: { plan },
    });
    return created.id;
  }

  function priceIdFor(plan: PaidPlan): Promise<string> {
    let price = priceIds.get(plan);
    if (!price) {
      price = findOrCreatePrice(plan);
      priceIds.set(plan, price);
      // A failure is not cached: the next request asks Stripe again.
      price.catch(() => priceIds.delete(plan));
    }
    return price;
  }

  return {
    customerFor: (user, knownCustomerId) =>
      call(async () => {
        if (knownCustomerId) return knownCustomerId;
        const found = await stripe.customers.search({ query: `metadata['userId']:'${user.id}'`, limit: 1 });
        if (found.data[0]) return found.data[0].id;
        // The key makes a double click create one customer, not two (Stripe keeps keys for 24 hours).
        const created = await stripe.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `customer-for-user-${user.id}` },
        );
        return created.id;
      }),

    createIncompleteSubscription: ({ customerId, userId, plan }) =>
      call(async (): Promise<IncompleteSubscription> => {
        const price = await priceIdFor(plan);
        const subscription = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId, plan },
          // Since API version 2025-03-31 the invoice's PaymentIntent secret lives here.
          expand: ['latest_invoice.confirmation_secret'],
        });
        const incomplete = toIncomplete(subscription);
        if (!incomplete) {
          throw new PaymentProviderError(
            'rejected',
            `subscription ${subscription.id} came back without a confirmation secret`,
          );
        }
        return incomplete;
      }),

    resumeIncompleteSubscription: (subscriptionId) =>
      call(async () => {
        try {
          const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
            expand: ['latest_invoice.confirmation_secret'],
          });
          return subscription.status === 'incomplete' ? toIncomplete(subscription) : null;
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
            return null;
          throw error;
        }
      }),

    createHostedPaymentUrl: ({ customerId, userId, plan, successUrl, cancelUrl }) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: await priceIdFor(plan), quantity: 1 }],
          // The webhook finds the user from this metadata: the subscription is created by Stripe.
          subscription_data: { metadata: { userId, plan } },
          metadata: { userId, plan },
          success_url: successUrl,
          cancel_url: cancelUrl,
        });
        if (!session.url)
          throw new PaymentProviderError('rejected', `checkout session ${session.id} has no url`);
        return session.url;
      }),

    cancelSubscription: (subscriptionId) =>
      call(async () => {
        try {
          // Ended at once with no credit for the unused days: a refund already gave the money back.
          await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
        } catch (error) {
          const gone =
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            (error.code === 'resource_missing' || /already.*cancel/i.test(error.message));
          if (!gone) throw error;
        }
      }),

    changeSubscriptionPlan: ({ subscriptionId, userId, plan }) =>
      call(async () => {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item)
          throw new PaymentProviderError('rejected', `subscription ${subscriptionId} has no item to change`);
        const updated = await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: await priceIdFor(plan) }],
          // The difference is invoiced now: an upgrade is charged pro rata, a downgrade credited.
          proration_behavior: 'always_invoice',
          // A declined upgrade charge leaves the old plan in place instead of a past-due subscription.
          payment_behavior: 'pending_if_incomplete',
          metadata: { userId, plan },
        });
        return toState(updated);
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancelAtPeriodEnd) =>
      call(async () => {
        let updated = await stripe.subscriptions.update(subscriptionId, {
          cancel_at_period_end: cancelAtPeriodEnd,
        });
        // A cancellation made in Stripe's portal may have set a cancel_at date instead; resuming clears it too.
        if (!cancelAtPeriodEnd && updated.cancel_at)
          updated = await stripe.subscriptions.update(subscriptionId, { cancel_at: '' });
        return toState(updated);
      }),

    createPortalUrl: ({ customerId, returnUrl }) =>
      call(
        async () =>
          (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),

    subscriptionPaidBy: (paymentIntentId) =>
      call(async () => {
        // Since API version 2025-03-31 a charge no longer names its invoice; invoice payments link them.
        const payments = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          expand: ['data.invoice'],
          limit: 1,
        });
        const invoice = payments.data[0]?.invoice;
        if (!invoice || typeof invoice === 'string' || invoice.deleted) return null;
        const subscription = invoice.parent?.subscription_details?.subscription;
        const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
        if (!subscriptionId) return null;
        const { latest_invoice: latest } = await stripe.subscriptions.retrieve(subscriptionId);
        return {
          subscriptionId,
          latestInvoice: (typeof latest === 'string' ? latest : latest?.id) === invoice.id,
        };
      }),

    deleteCustomers: (user, knownCustomerIds) =>
      call(async () => {
        const found = await stripe.customers.search({ query: `metadata['userId']:'${user.id}'`, limit: 100 });
        const ids = new Set([...knownCustomerIds, ...found.data.map((customer) => customer.id)]);
        for (const id of ids) {
          try {
            await stripe.customers.del(id);
          } catch (error) {
            if (!(
              error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
            ))
              throw error;
          }
        }
      }),
  };
}

function toIncomplete(subscription: Stripe.Subscription): IncompleteSubscription | null {
  const invoice = subscription.latest_invoice;
  const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
  if (!clientSecret) return null;
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    subscriptionId: subscription.id,
    clientSecret,
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

/** Set to end: at the period's end, or (since flexible billing and the portal's newer flows) at a cancel_at date. */
export function isEnding(
  subscription: Pick<Stripe.Subscription, 'cancel_at_period_end' | 'cancel_at' | 'status'>,
): boolean {
  return (
    subscription.status !== 'canceled' &&
    (subscription.cancel_at_period_end || Boolean(subscription.cancel_at))
  );
}

function toState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    plan: planOfPrice(item?.price),
    cancelAtPeriodEnd: isEnding(subscription),
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    pendingPayment: Boolean(subscription.pending_update),
  };
}

/**
 * Checks the Stripe-Signature header over the raw body (5-minute tolerance) and answers the event;
 * throws Stripe's signature error otherwise. Needs only the webhook secret, not the API key.
 */
export function verifyStripeWebhook(rawBody: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

export type StripeEvent = Stripe.Event;
