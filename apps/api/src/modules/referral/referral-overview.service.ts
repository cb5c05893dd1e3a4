import { plans } from '@app/shared/plans';
import type { ReferralOverview, ReferralStatus, ReferredPerson } from '@app/shared/referral';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { maskEmail } from './mask-email.js';
import { applicationsNaming, usersReferredBy } from './referral-overview.repo.js';

const nameOf = (displayName: string | null, email: string) => displayName?.trim() || maskEmail(email);

/**
 * The referrer's code, who came through it and the credit earned (docs/referral.md). Nothing is
 * stored for the credit: it is worked out from the links and subscriptions each time, so a refund
 * or a later link shows up at once.
 */
export async function referralOverviewOf(db: Database, referrer: UserRow): Promise<ReferralOverview> {
  const [applications, linkedUsers] = await Promise.all([
    applicationsNaming(db, referrer.id),
    usersReferredBy(db, referrer.id),
  ]);

  const people: (ReferredPerson & { joined: Date })[] = [];
  const seenUsers = new Set<string>();
  for (const application of applications) {
    if (application.applicantUserId) {
      // One person per account, even if they applied under two addresses over time.
      if (seenUsers.has(application.applicantUserId)) continue;
      seenUsers.add(application.applicantUserId);
    }
    // users.referred_by_user_id is what linking and admin approval set; it decides "linked".
    const linked = application.applicantUserId !== null && application.applicantReferredBy === referrer.id;
    const status: ReferralStatus = linked
      ? 'linked'
      : application.status === 'linked'
        ? 'pending_review'
        : application.status;
    const joined = application.applicantCreatedAt ?? application.appliedAt;
    people.push({
      id: application.id,
      name: nameOf(application.applicantDisplayName, application.applicantEmail),
      joined,
      joinedAt: joined.toISOString(),
      status,
      currentPlan: application.applicantUserId ? application.currentPlan : null,
      earnsCredit: linked && application.startedPaidPlan === true,
    });
  }
  for (const user of linkedUsers) {
    if (seenUsers.has(user.id)) continue;
    people.push({
      id: user.id,
      name: nameOf(user.displayName, user.email),
      joined: user.createdAt,
      joinedAt: user.createdAt.toISOString(),
      status: 'linked',
      currentPlan: user.currentPlan,
      earnsCredit: user.startedPaidPlan === true,
    });
  }
  people.sort((a, b) => b.joined.getTime() - a.joined.getTime());

  const creditPerReferralCents = plans[referrer.tier].priceCents;
  const rewardedReferrals = people.filter((person) => person.earnsCredit).length;
  return {
    code: referrer.referralCode,
    counts: {
      signedUp: people.length,
      linked: people.filter((person) => person.status === 'linked').length,
    },
    earnings: {
      plan: referrer.tier,
      creditPerReferralCents,
      rewardedReferrals,
      totalCreditCents: rewardedReferrals * creditPerReferralCents,
      currency: 'usd',
    },
    referrals: people.map(({ joined: _, ...person }) => person),
  };
}
