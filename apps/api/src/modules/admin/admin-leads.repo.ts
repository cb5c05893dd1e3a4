import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadApplication, LeadSignup } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { referralApplications, users } from '../../db/schema/index.js';

const referrer = alias(users, 'referrer');
const applicant = alias(users, 'applicant');

/** Pending applications, oldest first: the queue an admin works through. */
export async function pendingApplications(db: Database): Promise<LeadApplication[]> {
  const rows = await db
    .select({
      id: referralApplications.id,
      referralCode: referralApplications.referralCode,
      referrerUserId: referralApplications.referrerUserId,
      referrerUsername: referrer.username,
      applicantUserId: sql<string | null>`coalesce(${referralApplications.applicantUserId}, ${applicant.id})`,
      applicantUsername: applicant.username,
      applicantEmail: referralApplications.applicantEmail,
      createdAt: referralApplications.createdAt,
    })
    .from(referralApplications)
    .leftJoin(referrer, eq(referrer.id, referralApplications.referrerUserId))
    // An applicant who signed up after applying is found by address.
    .leftJoin(
      applicant,
      sql`${applicant.id} = ${referralApplications.applicantUserId} or (${referralApplications.applicantUserId} is null and lower(${applicant.email}) = ${referralApplications.applicantEmail})`,
    )
    .where(eq(referralApplications.status, 'pending_review'))
    .orderBy(asc(referralApplications.createdAt), asc(referralApplications.id))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function recentSignups(db: Database, limit: number): Promise<LeadSignup[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      signupSource: users.signupSource,
      referralCode: referralApplications.referralCode,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(referralApplications, eq(referralApplications.applicantUserId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function lockApplication(tx: Database, id: string) {
  const [row] = await tx
    .select()
    .from(referralApplications)
    .where(eq(referralApplications.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findUserByAddress(tx: Database, email: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}

export async function closeApplication(
  tx: Database,
  id: string,
  changes: { status: 'linked' | 'rejected'; applicantUserId?: string },
) {
  await tx
    .update(referralApplications)
    .set({ ...changes, reviewedAt: new Date() })
    .where(eq(referralApplications.id, id));
}
