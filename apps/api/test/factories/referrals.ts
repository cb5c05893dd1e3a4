import type { Database } from '../../src/db/client.js';
import { referralApplications, subscriptions, type UserRow } from '../../src/db/schema/index.js';

type NewApplication = typeof referralApplications.$inferInsert;
type NewSubscription = typeof subscriptions.$inferInsert;

/** A pending application of `applicant` (a user, or only an address) under `referrer`'s code. */
export async function newReferralApplication(
  db: Database,
  {
    referrer,
    applicant,
    applicantEmail,
    ...values
  }: { referrer: UserRow | null; applicant: UserRow | null } & Partial<NewApplication>,
) {
  const [row] = await db
    .insert(referralApplications)
    .values({
      referralCode: referrer?.referralCode ?? 'NOBODY1234',
      referrerUserId: referrer?.id ?? null,
      applicantUserId: applicant?.id ?? null,
      applicantEmail: (applicantEmail ?? applicant!.email).toLowerCase(),
      ...values,
    })
    .returning();
  return row!;
}

/** An active Starter subscription at its list price unless told otherwise. */
export async function newSubscription(
  db: Database,
  values: Pick<NewSubscription, 'userId'> & Partial<NewSubscription>,
) {
  const plan = values.plan ?? 'starter';
  const [row] = await db
    .insert(subscriptions)
    .values({ plan, status: 'active', amountCents: plan === 'pro' ? 2499 : 1399, ...values })
    .returning();
  return row!;
}
