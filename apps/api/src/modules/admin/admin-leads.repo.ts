import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadApplication, LeadSignup } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { referralApplications, users } from '../../db/schema/index.js';
import {
  keysetQuery,
  mapPage,
  pageOf,
  type Keyset,
  type Page,
  type PageRequest,
} from '../../lib/cursor-page.js';
import { usersNewestFirst } from './admin-users.repo.js';

const referrer = alias(users, 'referrer');
const applicant = alias(users, 'applicant');

/** Pending applications, oldest first: the queue an admin works through (index referral_applications_pending_idx). */
const queueOrder: Keyset = {
  direction: 'asc',
  keys: [
    { column: referralApplications.createdAt, kind: 'timestamp' },
    { column: referralApplications.id, kind: 'uuid' },
  ],
};

export async function pendingApplicationsPage(
  db: Database,
  page: PageRequest,
): Promise<Page<LeadApplication>> {
  const keyset = keysetQuery(queueOrder, page);
  const rows = await db
    .select({
      item: {
        id: referralApplications.id,
        referralCode: referralApplications.referralCode,
        referrerUserId: referralApplications.referrerUserId,
        referrerUsername: referrer.username,
        applicantUserId: sql<
          string | null
        >`coalesce(${referralApplications.applicantUserId}, ${applicant.id})`,
        applicantUsername: applicant.username,
        applicantEmail: referralApplications.applicantEmail,
        createdAt: referralApplications.createdAt,
      },
      cursorKey: keyset.cursorKey,
    })
    .from(referralApplications)
    .leftJoin(referrer, eq(referrer.id, referralApplications.referrerUserId))
    // An applicant who signed up after applying is found by address (unique, so one row per application).
    .leftJoin(
      applicant,
      sql`${applicant.id} = ${referralApplications.applicantUserId} or (${referralApplications.applicantUserId} is null and lower(${applicant.email}) = ${referralApplications.applicantEmail})`,
    )
    .where(and(eq(referralApplications.status, 'pending_review'), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return mapPage(pageOf(rows, page), (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Accounts, newest first, with the code of their referral application if they sent one. */
export async function signupsPage(db: Database, page: PageRequest): Promise<Page<LeadSignup>> {
  const keyset = keysetQuery(usersNewestFirst, page);
  // Lateral with limit 1, not a plain join: one row per account even if several applications name it.
  const application = db
    .select({ referralCode: referralApplications.referralCode })
    .from(referralApplications)
    .where(eq(referralApplications.applicantUserId, users.id))
    .orderBy(desc(referralApplications.createdAt))
    .limit(1)
    .as('application');
  const rows = await db
    .select({
      item: {
        id: users.id,
        username: users.username,
        email: users.email,
        signupSource: users.signupSource,
        referralCode: application.referralCode,
        createdAt: users.createdAt,
      },
      cursorKey: keyset.cursorKey,
    })
    .from(users)
    .leftJoinLateral(application, sql`true`)
    .where(keyset.where)
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return mapPage(pageOf(rows, page), (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
