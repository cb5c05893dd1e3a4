import { and, desc, eq, gt, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { highestTier, type PaidPlan } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import { stripeEvents, subscriptions, users, type SubscriptionRow } from '../../db/schema/index.js';

export type SubscriptionStatus = SubscriptionRow['status'];

/**
 * Statuses that keep the plan's tier. past_due is the grace period while Stripe retries the card;
 * unpaid (retries exhausted), canceled and incomplete ones do not.
 */
export const tierKeepingStatuses: SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
/** Stripe never brings these back (refunded is ours: cancelled in Stripe by us); a late event must not revive them. */
export const finalStatuses: SubscriptionStatus[] = ['canceled', 'incomplete_expired', 'refunded'];

const notYetSubscribed: SubscriptionStatus[] = ['incomplete', 'incomplete_expired'];

export async function findKnownCustomerId(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? undefined;
}

export async function findTierKeepingSubscription(db: Database, userId: string, plan: PaidPlan) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.plan, plan),
        inArray(subscriptions.status, tierKeepingStatuses),
      ),
    )
    .limit(1);
  return row;
}

/** Any plan the user still pays for (or is in the grace period of): what a second checkout would stack on. */
export async function findTierKeepingSubscriptions(db: Database, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, tierKeepingStatuses)))
    .orderBy(desc(subscriptions.createdAt));
}

/** Stripe expires an unpaid first invoice after 23 hours; younger incomplete subscriptions can be resumed. */
export async function findResumableSubscription(db: Database, userId: string, plan: PaidPlan) {
  const since = new Date(Date.now() - 22 * 3600 * 1000);
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.plan, plan),
        eq(subscriptions.status, 'incomplete'),
        gt(subscriptions.createdAt, since),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function insertSubscription(
  db: Database,
  row: Pick<
    SubscriptionRow,
    | 'userId'
    | 'plan'
    | 'status'
    | 'amountCents'
    | 'currency'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'nextBillDate'
  >,
): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted!;
}

/**
 * The subscription GET /api/subscription shows: the newest one that is running (or stuck unpaid),
 * else the newest that ever started (e.g. cancelled). Checkout attempts never paid are not shown.
 */
export async function findCurrentSubscription(
  db: Database,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, notYetSubscribed)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(20);
  return rows.find((row) => !finalStatuses.includes(row.status)) ?? rows[0];
}

export async function findUserTier(db: Database, userId: string) {
  const [row] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.tier;
}

// Webhook side: these run inside the event's transaction.

/** False when this event id was recorded before: Stripe sent it again. */
export async function recordStripeEvent(tx: Database, id: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

export async function isStripeEventRecorded(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .limit(1);
  return Boolean(row);
}

export async function findByStripeSubscriptionId(tx: Database, stripeSubscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for('update')
    .limit(1);
  return row;
}

/** The newest tier-keeping subscription paid by this Stripe customer (what a refund takes back). */
export async function findTierKeepingByCustomer(db: Database, stripeCustomerId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.stripeCustomerId, stripeCustomerId),
        inArray(subscriptions.status, tierKeepingStatuses),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function userExists(tx: Database, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

export async function updateSubscription(
  tx: Database,
  id: string,
  change: Partial<
    Pick<
      SubscriptionRow,
      | 'status'
      | 'plan'
      | 'amountCents'
      | 'nextBillDate'
      | 'canceledAt'
      | 'stripeCustomerId'
      | 'cancelAtPeriodEnd'
    >
  >,
) {
  await tx.update(subscriptions).set(change).where(eq(subscriptions.id, id));
}

/**
 * users.tier follows the user's subscriptions: the best plan among those that keep their tier,
 * else free. Recomputing (rather than setting the event's plan) keeps a second subscription's
 * cancellation from taking away a plan the user still pays for.
 */
export async function syncUserTier(tx: Database, userId: string) {
  const rows = await tx
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, tierKeepingStatuses)));
  const tier = highestTier(rows.map((row) => row.plan));
  await tx.update(users).set({ tier }).where(eq(users.id, userId));
  return tier;
}
