import { sql } from 'drizzle-orm';
import { subscriptionStatuses } from '@app/shared/billing';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const paidPlans = ['starter', 'pro'] as const;

/**
 * History of a user's paid subscriptions. users.tier is the effective tier the app checks;
 * webhook handling keeps it in step with the current subscription here.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: paidPlans }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    nextBillDate: timestamptz('next_bill_date'),
    canceledAt: timestamptz('canceled_at'),
    // The user cancelled: the plan stays until next_bill_date, then Stripe ends it (and its webhook the tier).
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_stripe_subscription_id_key').on(t.stripeSubscriptionId),
    index('subscriptions_stripe_customer_id_idx').on(t.stripeCustomerId),
    oneOf('subscriptions_plan_check', t.plan, paidPlans),
    oneOf('subscriptions_status_check', t.status, subscriptionStatuses),
    check('subscriptions_amount_cents_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Stripe retries webhooks; inserting the event id first makes handling each event exactly once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamptz('processed_at').notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type StripeEventRow = typeof stripeEvents.$inferSelect;
export type NewStripeEventRow = typeof stripeEvents.$inferInsert;
