import type { Database } from '../../db/client.js';
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
 * Called by the web right after signup, before the applicant has verified or signed in, so it
 * cannot rely on a session: the code and the address are all it has. The answer only tells linked
 * from pending_review. That still hints that a just-created account exists for the address (anyone
 * can try a valid code with someone's address); we accept it because the linked/pending difference
 * is what the spec shows the new user, and every other case (no account, old account, already
 * referred, own code, unknown code) looks the same from outside.
 */
export async function applyReferral(
  db: Database,
  request: { referralCode: string; applicantEmail: string },
  now = new Date(),
): Promise<ReferralOutcome> {
  const { referralCode, applicantEmail } = request;
  // The first application for an address stands; repeating it answers the same again.
  const existing = await findApplicationByEmail(db, applicantEmail);
  if (existing)
    return existing.status === 'linked' && existing.referralCode === referralCode
      ? 'linked'
      : 'pending_review';

  const [referrerUserId, applicant] = await Promise.all([
    findUserIdByReferralCode(db, referralCode),
    findApplicant(db, applicantEmail),
  ]);
  const createdAfter = new Date(now.getTime() - referralLinkWindowMs);
  const eligible =
    referrerUserId !== null &&
    applicant !== null &&
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
  });
  return 'pending_review';
}
