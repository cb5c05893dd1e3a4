import type { PaidPlan } from '@app/shared/plans';

/**
 * What billing needs from the card payment provider. The Stripe implementation is the only one;
 * the interface keeps the SDK's types and errors out of the billing service.
 */
export interface PaymentGateway {
  /** The customer for this user: `knownCustomerId` when given, else one found by metadata, else a new one. */
  customerFor(user: { id: string; email: string }, knownCustomerId: string | undefined): Promise<string>;
  /** An incomplete monthly subscription for the plan; its first invoice is paid with `clientSecret`. */
  createIncompleteSubscription(input: {
    customerId: string;
    userId: string;
    plan: PaidPlan;
  }): Promise<IncompleteSubscription>;
  /**
   * The same subscription again while its first invoice is still unpaid (a reloaded checkout page),
   * or null when it is no longer incomplete or gone.
   */
  resumeIncompleteSubscription(subscriptionId: string): Promise<IncompleteSubscription | null>;
  /** A hosted payment page for the plan (Stripe Checkout), tied to the user's customer. */
  createHostedPaymentUrl(input: {
    customerId: string;
    userId: string;
    plan: PaidPlan;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** Ends the subscription now, without a proration credit or final invoice; an already-ended one counts as done. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Moves the subscription's item to the plan's price, invoicing the prorated difference now
   * (upgrade charged, downgrade credited). When that charge fails Stripe keeps the old plan and
   * answers `pendingPayment: true`.
   */
  changeSubscriptionPlan(input: {
    subscriptionId: string;
    userId: string;
    plan: PaidPlan;
  }): Promise<SubscriptionState>;
  /** Sets or clears cancel-at-period-end: the plan runs until the period ends, then Stripe ends it. */
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionState>;
  /** A Stripe Billing Portal session for the customer (cards, invoices, cancellation). */
  createPortalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  /**
   * The subscription whose invoice a PaymentIntent paid, and whether that invoice is still the
   * subscription's latest; null for a payment that paid no subscription invoice.
   */
  subscriptionPaidBy(
    paymentIntentId: string,
  ): Promise<{ subscriptionId: string; latestInvoice: boolean } | null>;
  /**
   * Deletes the user's customers (the known ids and any found by `metadata.userId`), for a deleted
   * account: Stripe then holds no address of theirs, ends any subscription left on them, and an
   * open payment page can no longer be paid. Customers already gone count as done.
   */
  deleteCustomers(user: { id: string }, knownCustomerIds: string[]): Promise<void>;
}

export interface IncompleteSubscription {
  subscriptionId: string;
  clientSecret: string;
  status: string;
  /** The end of the first period; null when Stripe did not say. */
  currentPeriodEnd: Date | null;
}

export interface SubscriptionState {
  subscriptionId: string;
  status: string;
  /** From the item's price (lookup key, else its metadata); undefined for a price that is not ours. */
  plan: PaidPlan | undefined;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** A plan change waits for a payment that failed (Stripe's pending_update). */
  pendingPayment: boolean;
}

/**
 * The provider could not do it. `unavailable`: unreachable, timed out, rate limited or a 5xx (try
 * again later). `rejected`: it refused the request (our configuration, e.g. a revoked key).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
