import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { referralApplications, users } from '../../db/schema/index.js';

export async function findApplicationByEmail(db: Database, applicantEmail: string) {
  const [row] = await db
    .select()
    .from(referralApplications)
    .where(eq(referralApplications.applicantEmail, applicantEmail))
    .limit(1);
  return row ?? null;
}

export async function findUserIdByReferralCode(db: Database, referralCode: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, referralCode))
    .limit(1);
  return row?.id ?? null;
}

export async function findApplicant(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, createdAt: users.createdAt, referredByUserId: users.referredByUserId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}

/**
 * Sets the referrer and records the linked application together. The conditions are repeated in
 * the update so two concurrent applications cannot both link, nor link an account that just aged out.
 */
export async function linkReferral(
  db: Database,
  link: {
    referralCode: string;
    referrerUserId: string;
    applicantUserId: string;
    applicantEmail: string;
    createdAfter: Date;
  },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ referredByUserId: link.referrerUserId })
      .where(
        and(
          eq(users.id, link.applicantUserId),
          gt(users.createdAt, link.createdAfter),
          or(isNull(users.referredByUserId), eq(users.referredByUserId, link.referrerUserId)),
        ),
      )
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    const { createdAfter: _, ...application } = link;
    await tx
      .insert(referralApplications)
      .values({ ...application, status: 'linked' })
      .onConflictDoNothing({ target: referralApplications.applicantEmail });
    return true;
  });
}

/** One application per address: a repeated or concurrent one leaves the first in place. */
export async function recordPendingApplication(
  db: Database,
  application: {
    referralCode: string;
    referrerUserId: string | null;
    applicantUserId: string | null;
    applicantEmail: string;
  },
) {
  await db
    .insert(referralApplications)
    .values({ ...application, status: 'pending_review' })
    .onConflictDoNothing({ target: referralApplications.applicantEmail });
}
