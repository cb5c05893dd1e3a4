import { z } from 'zod';
import { paidPlanSchema } from './plans';
import { tierSchema } from './user';

/** Spec 3, 4, 7: the billing calls' contract, error codes and texts. */

export const billingErrorCodes = {
  /** No STRIPE_SECRET_KEY: the checkout page shows 'Payment System Not Configured'. */
  notConfigured: 'PAYMENT_NOT_CONFIGURED',
  /** Stripe could not be reached or failed; try again later. */
  providerUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** The amount the browser sent is not the plan's price. */
  priceMismatch: 'PRICE_MISMATCH',
  /** The user already pays for this plan. */
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  /** A webhook without a valid Stripe signature. */
  webhookSignature: 'WEBHOOK_SIGNATURE_INVALID',
} as const;

/** Spec 4 and 8: the checkout page's states and billing toasts. */
export const billingTexts = {
  notConfiguredTitle: 'Payment System Not Configured',
  notConfiguredText: 'Card payments are not set up on this server yet. Please try again later or contact support.',
  initializationFailed: 'Payment initialization failed',
  paymentLinkFailed: 'Payment link failed',
  setupFailed: 'Setup Failed',
  paymentFailed: 'Payment Failed',
} as const;

/** Server messages, each saying what happened and what to do next. */
export const billingMessages = {
  notConfigured:
    'Payment System Not Configured: card payments are not set up on this server yet. Please try again later or contact support.',
  providerUnavailable: 'The payment provider is not responding right now. Nothing was charged; please try again in a few minutes.',
  providerFailed: 'The payment provider could not start this payment. Nothing was charged; please try again in a few minutes.',
  priceMismatch: (planName: string, expected: string) =>
    `The amount sent does not match the ${planName} plan's price of ${expected} a month. Reload the page to see the current price and try again.`,
  alreadySubscribed: (planName: string) =>
    `You already have an active ${planName} subscription, so there is nothing to pay. Check Settings for its next bill date.`,
  webhookNotConfigured: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).',
  webhookSignatureMissing: 'Missing Stripe-Signature header: this endpoint only accepts events signed by Stripe.',
  webhookSignatureInvalid:
    'The Stripe-Signature header does not match this payload (wrong secret, altered body or an old timestamp). Nothing was changed.',
} as const;

export const createSubscriptionRequestSchema = z.strictObject({
  plan: paidPlanSchema,
  amount: z
    .number({ message: 'Amount must be the plan price in cents, e.g. 1399' })
    .int({ message: 'Amount must be a whole number of cents, e.g. 1399' }),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

export const createSubscriptionResponseSchema = z.object({
  /** Completes the card payment in the browser with Stripe.js. */
  clientSecret: z.string(),
  subscriptionId: z.string(),
  plan: paidPlanSchema,
  amount: z.number().int(),
  currency: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const paymentLinkRequestSchema = z.strictObject({ plan: paidPlanSchema });
export const paymentLinkResponseSchema = z.object({ paymentUrl: z.url() });
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export const subscriptionSchema = z.object({
  plan: paidPlanSchema,
  status: z.enum(subscriptionStatuses),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  /** ISO date-time; null once cancelled or before the first payment. */
  nextBillDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  tier: tierSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The browser's explicit public subset of the billing configuration. */
export const billingConfigResponseSchema = z.object({
  configured: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type BillingConfigResponse = z.infer<typeof billingConfigResponseSchema>;

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  /** True when this event id was handled before; nothing changed the second time. */
  duplicate: z.boolean(),
});
