import { z } from 'zod';
import type { Tier } from './user';

const gigabyte = 1024 ** 3;

/**
 * docs/product.md#plans-and-limits: the plans and every limit and right that depends on them. This is the one place
 * they live; features ask these functions instead of comparing tiers themselves, and the settings
 * page renders its feature comparison from `planComparison`.
 */

export const paidPlans = ['starter', 'pro'] as const;
export const paidPlanSchema = z.enum(paidPlans, { message: 'Plan must be starter or pro' });
export type PaidPlan = z.infer<typeof paidPlanSchema>;

/** Rights a plan grants beyond its numeric limits. */
export const planRights = [
  /** Choose whether protected images carry the visible watermark (Free always has it). */
  'watermarkChoice',
  'emailSupport',
  'prioritySupport',
  'advancedScheduling',
  'advancedAnalytics',
  'apiAccess',
  /** docs/product.md#plans-and-limits: /referral and its header link. */
  'referralProgram',
] as const;
export type PlanRight = (typeof planRights)[number];

export interface PlanDefinition {
  tier: Tier;
  name: string;
  /** Monthly price in cents; 0 for Free. */
  priceCents: number;
  currency: 'usd';
  interval: 'month';
  /** null means unlimited. */
  aiGenerationsPerDay: number | null;
  storageBytes: number;
  /** null means unlimited. */
  redditAccounts: number | null;
  /**
   * Subreddits one campaign may go to (docs/reddit-posting.md#campaigns): "basic" scheduling plans
   * plan smaller campaigns; Pro's "advanced scheduling" reaches the campaign maximum.
   */
  campaignSubreddits: number;
  rights: readonly PlanRight[];
  /** The plan's bullet list as the spec words it (section 9). */
  features: readonly string[];
}

export const plans: Record<Tier, PlanDefinition> = {
  free: {
    tier: 'free',
    name: 'Free',
    priceCents: 0,
    currency: 'usd',
    interval: 'month',
    aiGenerationsPerDay: 5,
    storageBytes: 2 * gigabyte,
    redditAccounts: 1,
    campaignSubreddits: 10,
    rights: [],
    features: [
      '5 AI generations/day',
      '2GB storage',
      '1 Reddit account',
      'Basic scheduling',
      'Basic analytics',
      'Basic protection (watermark always)',
    ],
  },
  starter: {
    tier: 'starter',
    name: 'Starter',
    priceCents: 1399,
    currency: 'usd',
    interval: 'month',
    aiGenerationsPerDay: 50,
    storageBytes: 10 * gigabyte,
    redditAccounts: 3,
    campaignSubreddits: 20,
    rights: ['watermarkChoice', 'emailSupport'],
    features: [
      '50 AI generations/day',
      '10GB storage',
      '3 Reddit accounts',
      'Email support',
      'Basic protection',
      'Basic scheduling',
      'Basic analytics',
    ],
  },
  pro: {
    tier: 'pro',
    name: 'Pro',
    priceCents: 2499,
    currency: 'usd',
    interval: 'month',
    aiGenerationsPerDay: null,
    storageBytes: 50 * gigabyte,
    redditAccounts: null,
    campaignSubreddits: 30,
    rights: [
      'watermarkChoice',
      'emailSupport',
      'prioritySupport',
      'advancedScheduling',
      'advancedAnalytics',
      'apiAccess',
      'referralProgram',
    ],
    features: [
      'Unlimited AI generations',
      '50GB storage',
      'Unlimited Reddit accounts',
      'Advanced scheduling',
      'Advanced analytics',
      'API access',
      'Priority support',
    ],
  },
};

/** docs/product.md#plans-and-limits. */
export const moneyBackGuarantee = '30-day money-back guarantee';

interface PlanUser {
  tier: Tier;
  isAdmin: boolean;
  role: string;
}

function isAdmin(user: PlanUser): boolean {
  return user.isAdmin || user.role === 'admin';
}

/** Admins have everything: every right and no limit, whatever their stored tier. */
export function hasRight(user: PlanUser, right: PlanRight): boolean {
  return isAdmin(user) || plans[user.tier].rights.includes(right);
}

/** "$13.99" for 1399. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The price the client must send for a paid plan (docs/product.md#plans-and-limits: create-subscription's amount). */
export function priceCentsFor(plan: PaidPlan): number {
  return plans[plan].priceCents;
}

/** Rows of the settings page's feature comparison: a text, or true/false for a tick or a dash. */
export interface ComparisonRow {
  label: string;
  values: Record<Tier, string | boolean>;
}

const unlimited = 'Unlimited';
const limitText = (value: number | null) => (value === null ? unlimited : String(value));
const storageText = (bytes: number) => `${bytes / gigabyte}GB`;
const byTier = <T>(pick: (plan: PlanDefinition) => T): Record<Tier, T> => ({
  free: pick(plans.free),
  starter: pick(plans.starter),
  pro: pick(plans.pro),
});

export const planComparison: readonly ComparisonRow[] = [
  {
    label: 'Price',
    values: byTier((plan) => (plan.priceCents === 0 ? 'Free' : `${formatPrice(plan.priceCents)}/month`)),
  },
  { label: 'AI generations per day', values: byTier((plan) => limitText(plan.aiGenerationsPerDay)) },
  { label: 'Storage', values: byTier((plan) => storageText(plan.storageBytes)) },
  { label: 'Reddit accounts', values: byTier((plan) => limitText(plan.redditAccounts)) },
  {
    label: 'Image protection watermark',
    values: byTier((plan) => (plan.rights.includes('watermarkChoice') ? 'Optional' : 'Always on')),
  },
  {
    label: 'Scheduling',
    values: byTier((plan) => (plan.rights.includes('advancedScheduling') ? 'Advanced' : 'Basic')),
  },
  {
    label: 'Analytics',
    values: byTier((plan) => (plan.rights.includes('advancedAnalytics') ? 'Advanced' : 'Basic')),
  },
  { label: 'API access', values: byTier((plan) => plan.rights.includes('apiAccess')) },
  {
    label: 'Support',
    values: byTier((plan) =>
      plan.rights.includes('prioritySupport')
        ? 'Priority'
        : plan.rights.includes('emailSupport')
          ? 'Email'
          : false,
    ),
  },
];

// The per-limit views other features import.

export const storageQuotaBytes: Record<Tier, number> = byTier((plan) => plan.storageBytes);

/** Admins have every right of the highest plan. */
export function storageQuotaFor(user: PlanUser): number {
  return isAdmin(user) ? plans.pro.storageBytes : plans[user.tier].storageBytes;
}

/** docs/product.md#plans-and-limits: Free users' protected images always carry the visible watermark; paid plans choose. */
export function watermarkIsForced(user: PlanUser): boolean {
  return !hasRight(user, 'watermarkChoice');
}

/** docs/product.md#plans-and-limits: AI generations per day (UTC); null means unlimited. */
export const aiGenerationsPerDay: Record<Tier, number | null> = byTier((plan) => plan.aiGenerationsPerDay);

/** Admins are never limited. */
export function aiGenerationLimitFor(user: PlanUser): number | null {
  return isAdmin(user) ? null : plans[user.tier].aiGenerationsPerDay;
}

/** docs/product.md#plans-and-limits: connected Reddit accounts per plan; null means unlimited. */
export const redditAccountsPerTier: Record<Tier, number | null> = byTier((plan) => plan.redditAccounts);

/** Admins are never limited. */
/** How many subreddits one campaign of this user may go to (admins: the campaign maximum). */
export function campaignSubredditLimitFor(user: PlanUser): number {
  return isAdmin(user) ? plans.pro.campaignSubreddits : plans[user.tier].campaignSubreddits;
}

export function redditAccountLimitFor(user: PlanUser): number | null {
  return isAdmin(user) ? null : plans[user.tier].redditAccounts;
}

const tierOrder: Record<Tier, number> = { free: 0, starter: 1, pro: 2 };

/** The better of several plans (e.g. a user who still pays for Starter while Pro starts). */
export function highestTier(tiers: Iterable<Tier>): Tier {
  let best: Tier = 'free';
  for (const tier of tiers) if (tierOrder[tier] > tierOrder[best]) best = tier;
  return best;
}
