import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import Stripe from 'stripe';
import type { StripeStandIn } from '../../apps/api/test/stand-ins/stripe';

export interface PaidInvoice {
  baseUrl: string;
  webhookSecret: string;
  /** Event and invoice ids are made from it, so journeys never share one. */
  label: string;
  /** The stand-in's customer id, as it recorded the subscription. */
  customer: unknown;
  subscriptionId: string;
  amountPaid: number;
}

/**
 * Sends what Stripe sends when a subscription's invoice is paid: an `invoice.paid` event signed with
 * the SDK's own test-header helper, covering the next 30 days. Only this webhook changes a tier.
 */
export async function sendPaidInvoiceWebhook(invoice: PaidInvoice) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_${invoice.label}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
    data: {
      object: {
        id: `in_${invoice.label}`,
        object: 'invoice',
        customer: invoice.customer,
        amount_paid: invoice.amountPaid,
        currency: 'usd',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: invoice.subscriptionId, metadata: {} },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: `il_${invoice.label}`,
              object: 'line_item',
              period: { start: now, end: now + 30 * 86_400 },
            },
          ],
        },
      },
    },
  });
  const webhook = await fetch(`${invoice.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: invoice.webhookSecret,
      }),
    },
    body: payload,
  });
  expect(webhook.status, await webhook.clone().text()).toBe(200);
}

/**
 * Makes the signed-in account Pro the way a real one becomes Pro: checkout starts the subscription
 * (Stripe.js is blocked, its card form is not needed here), then Stripe's webhook reports the paid invoice.
 */
export async function becomePro(
  page: Page,
  context: BrowserContext,
  options: { baseUrl: string; stripe: StripeStandIn; webhookSecret: string; label: string },
) {
  await context.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'));
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/create-subscription')),
    page.goto('/checkout?plan=pro'),
  ]);
  expect(created.status()).toBe(200);
  const { subscriptionId } = (await created.json()) as { subscriptionId: string };
  await sendPaidInvoiceWebhook({
    baseUrl: options.baseUrl,
    webhookSecret: options.webhookSecret,
    label: options.label,
    customer: options.stripe.subscriptions.get(subscriptionId)?.customer,
    subscriptionId,
    amountPaid: 2499,
  });
}
