import { z } from 'zod';
import { paidPlanSchema } from './plans';
import { tierSchema } from './user';

/** docs/product.md#billing: the billing calls' contract, error codes and texts. */

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
  /** Paying for the other plan while subscribed: switch the running subscription instead. */
  planChangeRequired: 'PLAN_CHANGE_REQUIRED',
  /** Change, cancel or resume without a running paid subscription. */
  noActiveSubscription: 'NO_ACTIVE_SUBSCRIPTION',
  /** The billing portal for a user Stripe has never seen. */
  noBillingAccount: 'NO_BILLING_ACCOUNT',
  /** A plan switch while the subscription is set to end: resume it first. */
  subscriptionEnding: 'SUBSCRIPTION_ENDING',
  /** The card was declined for the prorated upgrade charge; the plan did not change. */
  planChangePaymentFailed: 'PLAN_CHANGE_PAYMENT_FAILED',
} as const;

/** docs/product.md#billing: the checkout page's states and billing toasts. */
export const billingTexts = {
  notConfiguredTitle: 'Payment System Not Configured',
  notConfiguredText:
    'Card payments are not set up on this server yet. Please try again later or contact support.',
  initializationFailed: 'Payment initialization failed',
  paymentLinkFailed: 'Payment link failed',
  setupFailed: 'Setup Failed',
  paymentFailed: 'Payment Failed',
} as const;

/** Server messages, each saying what happened and what to do next. */
export const billingMessages = {
  notConfigured:
    'Payment System Not Configured: card payments are not set up on this server yet. Please try again later or contact support.',
  providerUnavailable:
    'The payment provider is not responding right now. Nothing was charged; please try again in a few minutes.',
  providerFailed:
    'The payment provider could not start this payment. Nothing was charged; please try again in a few minutes.',
  priceMismatch: (planName: string, expected: string) =>
    `The amount sent does not match the ${planName} plan's price of ${expected} a month. Reload the page to see the current price and try again.`,
  alreadySubscribed: (planName: string) =>
    `You already have an active ${planName} subscription, so there is nothing to pay. Check Settings for its next bill date.`,
  planChangeRequired: (currentPlan: string, requestedPlan: string) =>
    `You already have an active ${currentPlan} subscription. Switch it to ${requestedPlan} in Settings under Subscription instead of paying for a second plan; you only pay or get credited the difference for the rest of this month.`,
  alreadyOnPlan: (planName: string) =>
    `Your subscription is already on the ${planName} plan, so there is nothing to switch.`,
  noActiveSubscription:
    'You have no active paid subscription to change. Pick a plan in Settings to subscribe; if your last payment failed, update your card under Manage billing first.',
  noBillingAccount:
    'You have no billing account yet: it is created with your first payment. Pick a plan in Settings to subscribe.',
  planChangePaymentFailed: (planName: string) =>
    `Your card could not be charged the prorated amount for ${planName}, so your plan has not changed. Update your card under Manage billing and try again.`,
  resumeBeforeChange: 'Your subscription is set to end. Resume it first, then switch plans.',
  webhookNotConfigured:
    'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).',
  webhookSignatureMissing:
    'Missing Stripe-Signature header: this endpoint only accepts events signed by Stripe.',
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

export const changePlanRequestSchema = z.strictObject({ plan: paidPlanSchema });
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

export const billingPortalResponseSchema = z.object({ url: z.url() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** Stripe's subscription statuses, stored as Stripe reports them (the table's check constraint uses this list too). */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
  // Ours, not Stripe's: a fully refunded last payment ends the subscription and the paid tier.
  'refunded',
] as const;

export const subscriptionSchema = z.object({
  plan: paidPlanSchema,
  status: z.enum(subscriptionStatuses),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  /** ISO date-time; null once cancelled or before the first payment. */
  nextBillDate: z.string().nullable(),
  /** The user cancelled: the plan runs until nextBillDate, then ends. */
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  tier: tierSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/**
 * POST /api/subscription/change: the subscription as Stripe holds it after the switch. The tier
 * (and GET /api/subscription) follow once Stripe's webhook confirms it.
 */
export const changePlanResponseSchema = z.object({
  subscriptionId: z.string(),
  plan: paidPlanSchema,
  status: z.string(),
  nextBillDate: z.string().nullable(),
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;

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
