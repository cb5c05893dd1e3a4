import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { TestApp } from '../../../test/build-test-app.js';
import type { TestDbKind } from '../../../test/db/test-database.js';
import type { StripeStandIn } from '../../../test/stand-ins/stripe.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { stripeWebhookPath } from './stripe-webhook.routes.js';

export const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
export const publishableKey = 'pk_test_standin0123456789';

export interface BillingTestContext {
  readonly testApp: TestApp;
  readonly stripe: StripeStandIn;
}

/** The app wired to the real `stripe` SDK, which talks to the Stripe stand-in, for one test file. */
export function useBillingApp(
  kind: TestDbKind,
  environment: Record<string, string> = {},
): BillingTestContext {
  const used = useTestApp(kind, {
    standIns: { stripe: true },
    env: { STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PUBLISHABLE_KEY: publishableKey, ...environment },
  });
  return {
    get testApp() {
      return used.testApp();
    },
    get stripe() {
      return used.stripe();
    },
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function eventId() {
  return `evt_test_${randomBytes(10).toString('hex')}`;
}

/** A Stripe-shaped event (API version 2026-10-28) around one object. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = eventId()) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export function invoiceObject(input: {
  subscriptionId: string;
  customerId: string;
  metadata?: Record<string, string>;
  periodEnd?: number;
  amountPaid?: number;
}) {
  const periodEnd = input.periodEnd ?? nowSeconds() + 30 * 86_400;
  return {
    id: `in_test_${randomBytes(6).toString('hex')}`,
    object: 'invoice',
    customer: input.customerId,
    amount_paid: input.amountPaid ?? 1399,
    currency: 'usd',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: input.subscriptionId, metadata: input.metadata ?? {} },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [{ id: 'il_test', object: 'line_item', period: { start: nowSeconds(), end: periodEnd } }],
    },
  };
}

export function subscriptionObject(input: {
  id: string;
  customerId: string;
  status: string;
  metadata?: Record<string, string>;
  lookupKey?: string;
  periodEnd?: number;
  endedAt?: number;
}) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customerId,
    status: input.status,
    metadata: input.metadata ?? {},
    canceled_at: input.endedAt ?? null,
    ended_at: input.endedAt ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test',
          object: 'subscription_item',
          current_period_end: input.periodEnd ?? nowSeconds() + 30 * 86_400,
          price: { id: 'price_test', object: 'price', lookup_key: input.lookupKey ?? null },
        },
      ],
    },
  };
}

export function chargeObject(input: {
  customerId: string;
  amount: number;
  amountRefunded: number;
  paymentIntent?: string;
}) {
  return {
    id: `ch_test_${randomBytes(6).toString('hex')}`,
    object: 'charge',
    customer: input.customerId,
    payment_intent: input.paymentIntent ?? null,
    amount: input.amount,
    amount_refunded: input.amountRefunded,
    refunded: input.amountRefunded >= input.amount,
  };
}

/** Posts the event as Stripe does, signed with the SDK's own test-header helper. */
export async function sendWebhook(
  testApp: TestApp,
  event: object,
  options: { secret?: string; signature?: string | null; payload?: string } = {},
) {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret })
      : options.signature;
  return testApp.app.inject({
    method: 'POST',
    url: stripeWebhookPath,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

export async function tierOf(testApp: TestApp, userId: string) {
  const [row] = await testApp.database.db
    .select({ tier: users.tier })
    .from(users)
    .where(eq(users.id, userId));
  return row?.tier;
}

export async function subscriptionRows(testApp: TestApp, userId: string) {
  return testApp.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}
