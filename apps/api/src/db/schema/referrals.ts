import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz } from './columns.js';
import { users } from './users.js';

/** linked: the code matched a referrer and the applicant's account was linked; otherwise kept for review. */
export const referralStatuses = ['linked', 'pending_review', 'rejected'] as const;

export const referralApplications = pgTable(
  'referral_applications',
  {
    id: primaryId(),
    referralCode: text('referral_code').notNull(),
    // Kept (as null) when the referrer leaves: the applicant's record of how they joined stays.
    referrerUserId: uuid('referrer_user_id').references(() => users.id, { onDelete: 'set null' }),
    applicantUserId: uuid('applicant_user_id').references(() => users.id, { onDelete: 'cascade' }),
    applicantEmail: text('applicant_email').notNull(),
    status: text('status', { enum: referralStatuses }).notNull().default('pending_review'),
    // The caller proved to be the applicant (session or referral claim): such an application replaces
    // one that is not, so a stranger naming the address first cannot block it (docs/referral.md).
    proven: boolean('proven').notNull().default(false),
    createdAt: createdAt(),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    // One application per applicant, so re-sending the form cannot stack referral credit.
    uniqueIndex('referral_applications_applicant_email_key').on(t.applicantEmail),
    index('referral_applications_referrer_user_id_idx').on(t.referrerUserId, t.createdAt),
    index('referral_applications_applicant_user_id_idx').on(t.applicantUserId),
    // The review queue, oldest first: only the pending few are indexed.
    index('referral_applications_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending_review'`),
    oneOf('referral_applications_status_check', t.status, referralStatuses),
    check(
      'referral_applications_normalised_check',
      sql`${t.applicantEmail} = lower(trim(${t.applicantEmail})) and ${t.referralCode} = upper(${t.referralCode})`,
    ),
  ],
);

export type ReferralApplicationRow = typeof referralApplications.$inferSelect;
export type NewReferralApplicationRow = typeof referralApplications.$inferInsert;
