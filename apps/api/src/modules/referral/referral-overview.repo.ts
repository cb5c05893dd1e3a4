import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaidPlan } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import { referralApplications, subscriptions, users, type SubscriptionRow } from '../../db/schema/index.js';

/**
 * Statuses that only follow a paid first invoice: a subscription becomes active through
 * invoice.paid, and the others are where an active one goes next. Never-paid (incomplete,
 * incomplete_expired), trial and fully refunded subscriptions are left out on purpose.
 */
export const startedPaidStatuses: SubscriptionRow['status'][] = [
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];
/** Paying now: the plan is in force and billed (past_due is still being collected). */
export const payingStatuses: SubscriptionRow['status'][] = ['active', 'past_due'];

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The outer row's user id, spelt out: in a single-table select Drizzle renders the selected
 * columns bare, and a bare "id" inside the subqueries below would mean subscriptions.id.
 */
const idOf = (tableAlias: string) => sql`${sql.identifier(tableAlias)}.${sql.identifier('id')}`;

function startedPaidPlan(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} in (${statusList(startedPaidStatuses)}))`;
}

function currentPaidPlan(userId: SQL): SQL<PaidPlan | null> {
  return sql<PaidPlan | null>`(select ${subscriptions.plan} from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} in (${statusList(payingStatuses)}) order by ${subscriptions.createdAt} desc limit 1)`;
}

const applicant = alias(users, 'applicant');
const referred = alias(users, 'referred');

/** Every application that named this referrer, with the applicant's account when one exists. */
export async function applicationsNaming(db: Database, referrerUserId: string) {
  return (
    db
      .select({
        id: referralApplications.id,
        status: referralApplications.status,
        applicantEmail: referralApplications.applicantEmail,
        appliedAt: referralApplications.createdAt,
        applicantUserId: applicant.id,
        applicantDisplayName: applicant.displayName,
        applicantCreatedAt: applicant.createdAt,
        applicantReferredBy: applicant.referredByUserId,
        startedPaidPlan: startedPaidPlan(idOf('applicant')),
        currentPlan: currentPaidPlan(idOf('applicant')),
      })
      .from(referralApplications)
      // Someone who applied before their account existed is found by address, as /admin/leads does.
      .leftJoin(
        applicant,
        sql`${applicant.id} = ${referralApplications.applicantUserId} or (${referralApplications.applicantUserId} is null and lower(${applicant.email}) = ${referralApplications.applicantEmail})`,
      )
      .where(eq(referralApplications.referrerUserId, referrerUserId))
      .orderBy(desc(referralApplications.createdAt), desc(referralApplications.id))
  );
}

/** Accounts linked to this referrer, including any whose application record is missing. */
export async function usersReferredBy(db: Database, referrerUserId: string) {
  return db
    .select({
      id: referred.id,
      email: referred.email,
      displayName: referred.displayName,
      createdAt: referred.createdAt,
      startedPaidPlan: startedPaidPlan(idOf('referred')),
      currentPlan: currentPaidPlan(idOf('referred')),
    })
    .from(referred)
    .where(eq(referred.referredByUserId, referrerUserId))
    .orderBy(desc(referred.createdAt), desc(referred.id));
}
