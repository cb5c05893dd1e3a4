import { z } from 'zod';
import { formatPrice, paidPlanSchema } from './plans';
import { tierSchema } from './user';
import { trimEndChars } from './trim-chars';

/**
 * docs/product.md#referral-programme: the referrer's own view of the programme (GET /api/referral/me). The reward rule is
 * worded here once so the page, the API docs and docs/referral.md say the same thing.
 */

export const referralStatuses = ['linked', 'pending_review', 'rejected'] as const;
export const referralStatusSchema = z.enum(referralStatuses);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

export const referralStatusLabels: Record<ReferralStatus, string> = {
  linked: 'Linked',
  pending_review: 'Pending review',
  rejected: 'Rejected',
};

export const referralTexts = {
  proOnly:
    'The referral programme is part of the Pro plan. Upgrade to Pro on the Settings page (Subscription and usage) to get your referral link.',
  emptyTitle: 'No one has joined with your code yet',
  emptyHelp:
    'Copy your link and share it with creators you know, for example in your bio or a message. Everyone who signs up through it appears here.',
  loadFailed: 'Could not load your referrals',
  pageTitle: 'Referral Program',
  pageDescription: 'Invite other creators to Creator Studio and track who joined through you.',
  loading: 'Loading your referrals',
  shareTitle: 'Your referral link',
  shareDescription: 'Anyone who signs up through this link is linked to your account.',
  codeLabel: 'Your code',
  linkLabel: 'Share link',
  copyCode: 'Copy code',
  copyLink: 'Copy link',
  signedUpLabel: 'Signed up with your code',
  linkedLabel: 'Linked to you',
  earnedLabel: 'Credit earned',
  rewardTitle: 'How you earn',
  peopleTitle: 'People you referred',
  columns: ['Creator', 'Joined', 'Status', 'Paid plan', 'Credit'],
  notPaying: 'Not paying',
  noCredit: '–',
  /** The rule in plain words, with the referrer's own monthly price filled in. */
  rewardRule: (monthlyPriceCents: number) =>
    `Each creator linked to your code who starts a paid plan (Starter or Pro) earns you one month of your own plan's price (${formatPrice(monthlyPriceCents)}) as account credit, once per creator. Sign-ups that are pending review or rejected earn nothing.`,
} as const;

/** The link a referrer shares: the landing page reads `ref` and applies it after signup. */
export function referralShareLink(origin: string, code: string): string {
  return `${trimEndChars(origin, '/')}/?ref=${encodeURIComponent(code)}`;
}

const iso = z.string();

export const referredPersonSchema = z.object({
  /** Stable within one answer, for list keys; the application id, or the user id when linked without one. */
  id: z.string(),
  /** The display name when the person set one, otherwise their e-mail with most of it masked. */
  name: z.string(),
  joinedAt: iso,
  status: referralStatusSchema,
  /** The paid plan they are on now (active or past due), or null when they do not pay. */
  currentPlan: paidPlanSchema.nullable(),
  /** Whether this person earned the referrer credit under the reward rule. */
  earnsCredit: z.boolean(),
});
export type ReferredPerson = z.infer<typeof referredPersonSchema>;

export const referralOverviewSchema = z.object({
  code: z.string(),
  counts: z.object({
    /** Everyone who applied with the code or was linked to it, whatever the outcome. */
    signedUp: z.number().int().nonnegative(),
    linked: z.number().int().nonnegative(),
  }),
  earnings: z.object({
    /** The referrer's own tier, whose monthly price is the credit per rewarded referral. */
    plan: tierSchema,
    creditPerReferralCents: z.number().int().nonnegative(),
    rewardedReferrals: z.number().int().nonnegative(),
    totalCreditCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
  }),
  referrals: z.array(referredPersonSchema),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;
