import type { Database } from '../../db/client.js';
import { noteReferralSignupSource } from '../auth/signup-source.js';
import {
  findApplicant,
  findApplicationByEmail,
  findUserIdByReferralCode,
  linkReferral,
  recordPendingApplication,
} from './referral.repo.js';

/** A referral links automatically only to an account this new; older ones go to an admin. */
export const referralLinkWindowMs = 7 * 24 * 60 * 60 * 1000;

export type ReferralOutcome = 'linked' | 'pending_review';

/**
 * Called by the web right after signup, before the applicant has verified or signed in. Anyone can
 * call it with any code and address, so the address alone must never change an account: an account
 * is linked automatically (and its signup source noted) only when the caller proves to be the
 * applicant, by a session as that user (e.g. OAuth signups are signed in) or by the referral claim
 * cookie signup gave this browser (referral-claim.ts). Without proof the application waits for an
 * admin, as an ineligible one does, and the account is left alone; otherwise a stranger could tie a
 * new account to their own code. Nor can a stranger's application block the real referral: a proven
 * application replaces an unproven one (referral.repo.ts, storeProvenApplication).
 * The answer only tells linked from pending_review, and a stranger always gets pending_review, so it
 * reveals nothing about which addresses have accounts.
 */
export async function applyReferral(
  db: Database,
  request: {
    referralCode: string;
    applicantEmail: string;
    /** Users the caller proved to be (session user, referral claim); the applicant must be one. */
    provenUserIds: ReadonlyArray<string | null | undefined>;
  },
  now = new Date(),
): Promise<ReferralOutcome> {
  const { referralCode, applicantEmail } = request;
  const [existing, referrerUserId, applicant] = await Promise.all([
    findApplicationByEmail(db, applicantEmail),
    findUserIdByReferralCode(db, referralCode),
    findApplicant(db, applicantEmail),
  ]);
  const proven = applicant !== null && request.provenUserIds.includes(applicant.id);
  // The first application for an address stands, except that a proven one replaces an unproven one
  // that was not linked (docs/security.md): a stranger naming the address first must not block the
  // applicant's own referral. The applicant repeating theirs gets the same answer.
  const replaceable = proven && existing !== null && !existing.proven && existing.status !== 'linked';
  if (existing && !replaceable)
    return proven && existing.status === 'linked' && existing.referralCode === referralCode
      ? 'linked'
      : 'pending_review';

  const createdAfter = new Date(now.getTime() - referralLinkWindowMs);
  if (proven && applicant.createdAt > createdAfter)
    await noteReferralSignupSource(db, applicant.id, referralCode);
  const eligible =
    proven &&
    referrerUserId !== null &&
    applicant.id !== referrerUserId &&
    applicant.createdAt > createdAfter &&
    (applicant.referredByUserId === null || applicant.referredByUserId === referrerUserId);

  if (eligible) {
    const linked = await linkReferral(db, {
      referralCode,
      referrerUserId,
      applicantUserId: applicant.id,
      applicantEmail,
      createdAfter,
    });
    if (linked) return 'linked';
  }
  await recordPendingApplication(db, {
    referralCode,
    referrerUserId,
    applicantUserId: applicant?.id ?? null,
    applicantEmail,
    proven,
  });
  return 'pending_review';
}
