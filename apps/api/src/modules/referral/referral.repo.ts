import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
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

type Application = {
  referralCode: string;
  referrerUserId: string | null;
  applicantUserId: string | null;
  applicantEmail: string;
};

/**
 * Stores a proven application, replacing an unproven one for the address (pending or rejected, never
 * linked) in the same statement: the upsert waits for a concurrent insert of the address and then
 * replaces it, so a stranger's application cannot slip in first. An earlier proven one stands.
 * Returns whether it was stored.
 */
async function storeProvenApplication(
  db: Database,
  application: Application & { status: 'linked' | 'pending_review' },
): Promise<boolean> {
  const values = { ...application, proven: true };
  const stored = await db
    .insert(referralApplications)
    .values(values)
    .onConflictDoUpdate({
      target: referralApplications.applicantEmail,
      // A new id and date: it is a new application, not the stranger's one edited.
      set: { ...values, id: sql`gen_random_uuid()`, createdAt: sql`now()`, reviewedAt: null },
      setWhere: and(eq(referralApplications.proven, false), ne(referralApplications.status, 'linked')),
    })
    .returning({ id: referralApplications.id });
  return stored.length > 0;
}

class NotLinked extends Error {}

/**
 * Sets the referrer and records the linked application together. The conditions are repeated in
 * the update so two concurrent applications cannot both link, nor link an account that just aged
 * out; if the address already has a proven application, or the account cannot be linked, neither
 * change is kept.
 */
export async function linkReferral(
  db: Database,
  link: Application & { referrerUserId: string; applicantUserId: string; createdAfter: Date },
) {
  const { createdAfter, ...application } = link;
  try {
    return await db.transaction(async (tx) => {
      if (!(await storeProvenApplication(tx, { ...application, status: 'linked' }))) {
        // The applicant's own concurrent repeat already linked it; anything else stands in the way.
        const stored = await findApplicationByEmail(tx, link.applicantEmail);
        const same = stored?.status === 'linked' && stored.referrerUserId === link.referrerUserId;
        if (same && stored.applicantUserId === link.applicantUserId) return true;
        throw new NotLinked();
      }
      const updated = await tx
        .update(users)
        .set({ referredByUserId: link.referrerUserId })
        .where(
          and(
            eq(users.id, link.applicantUserId),
            gt(users.createdAt, createdAfter),
            or(isNull(users.referredByUserId), eq(users.referredByUserId, link.referrerUserId)),
          ),
        )
        .returning({ id: users.id });
      if (updated.length === 0) throw new NotLinked();
      return true;
    });
  } catch (error) {
    if (error instanceof NotLinked) return false;
    throw error;
  }
}

/**
 * One application per address: a repeated or concurrent one leaves the first in place, except that
 * a proven application replaces an unproven one (storeProvenApplication).
 */
export async function recordPendingApplication(db: Database, application: Application & { proven: boolean }) {
  const { proven, ...values } = application;
  if (proven) {
    await storeProvenApplication(db, { ...values, status: 'pending_review' });
    return;
  }
  await db
    .insert(referralApplications)
    .values({ ...values, status: 'pending_review' })
    .onConflictDoNothing({ target: referralApplications.applicantEmail });
}
