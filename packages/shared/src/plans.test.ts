import { describe, expect, it } from 'vitest';
import {
  aiGenerationLimitFor,
  formatPrice,
  hasRight,
  highestTier,
  planComparison,
  planRights,
  plans,
  priceCentsFor,
  redditAccountLimitFor,
  storageQuotaFor,
  watermarkIsForced,
} from './plans';

const free = { tier: 'free', isAdmin: false, role: 'user' } as const;
const starter = { tier: 'starter', isAdmin: false, role: 'user' } as const;
const pro = { tier: 'pro', isAdmin: false, role: 'user' } as const;
const flaggedAdmin = { tier: 'free', isAdmin: true, role: 'user' } as const;
const roleAdmin = { tier: 'free', isAdmin: false, role: 'admin' } as const;

describe('plan rules', () => {
  it('forces the protection watermark on Free users only; admins choose like paid plans', () => {
    expect(watermarkIsForced(free)).toBe(true);
    expect(watermarkIsForced(starter)).toBe(false);
    expect(watermarkIsForced(pro)).toBe(false);
    expect(watermarkIsForced(flaggedAdmin)).toBe(false);
    expect(watermarkIsForced(roleAdmin)).toBe(false);
  });

  it('gives 2, 10 and 50 GB of storage, and admins the most', () => {
    const gb = 1024 ** 3;
    expect(storageQuotaFor(free)).toBe(2 * gb);
    expect(storageQuotaFor(starter)).toBe(10 * gb);
    expect(storageQuotaFor(pro)).toBe(50 * gb);
    expect(storageQuotaFor(roleAdmin)).toBe(50 * gb);
  });

  it('allows 5, 50 and unlimited AI generations a day, admins unlimited', () => {
    expect(aiGenerationLimitFor(free)).toBe(5);
    expect(aiGenerationLimitFor(starter)).toBe(50);
    expect(aiGenerationLimitFor(pro)).toBeNull();
    expect(aiGenerationLimitFor(flaggedAdmin)).toBeNull();
  });

  it('allows 1, 3 and unlimited Reddit accounts, admins unlimited', () => {
    expect(redditAccountLimitFor(free)).toBe(1);
    expect(redditAccountLimitFor(starter)).toBe(3);
    expect(redditAccountLimitFor(pro)).toBeNull();
    expect(redditAccountLimitFor(roleAdmin)).toBeNull();
  });

  it('prices Starter at 1399 and Pro at 2499 US cents a month', () => {
    expect(priceCentsFor('starter')).toBe(1399);
    expect(priceCentsFor('pro')).toBe(2499);
    expect(plans.free.priceCents).toBe(0);
    expect(formatPrice(plans.starter.priceCents)).toBe('$13.99');
    expect(formatPrice(plans.pro.priceCents)).toBe('$24.99');
    expect(new Set(Object.values(plans).map((plan) => `${plan.currency}/${plan.interval}`))).toEqual(
      new Set(['usd/month']),
    );
  });

  it('gives API access, advanced scheduling and analytics and the referral programme to Pro only', () => {
    for (const right of [
      'apiAccess',
      'advancedScheduling',
      'advancedAnalytics',
      'referralProgram',
      'prioritySupport',
    ] as const) {
      expect(hasRight(free, right)).toBe(false);
      expect(hasRight(starter, right)).toBe(false);
      expect(hasRight(pro, right)).toBe(true);
    }
    expect(hasRight(free, 'emailSupport')).toBe(false);
    expect(hasRight(starter, 'emailSupport')).toBe(true);
  });

  it('gives admins every right whatever their stored tier', () => {
    for (const right of planRights) {
      expect(hasRight(flaggedAdmin, right)).toBe(true);
      expect(hasRight(roleAdmin, right)).toBe(true);
    }
  });

  it('words the comparison table from the same definitions', () => {
    const row = (label: string) => planComparison.find((candidate) => candidate.label === label)?.values;
    expect(row('Price')).toEqual({ free: 'Free', starter: '$13.99/month', pro: '$24.99/month' });
    expect(row('AI generations per day')).toEqual({ free: '5', starter: '50', pro: 'Unlimited' });
    expect(row('Storage')).toEqual({ free: '2GB', starter: '10GB', pro: '50GB' });
    expect(row('Reddit accounts')).toEqual({ free: '1', starter: '3', pro: 'Unlimited' });
    expect(row('Image protection watermark')).toEqual({
      free: 'Always on',
      starter: 'Optional',
      pro: 'Optional',
    });
    expect(row('API access')).toEqual({ free: false, starter: false, pro: true });
    expect(row('Scheduling')).toEqual({ free: 'Basic', starter: 'Basic', pro: 'Advanced' });
    expect(row('Support')).toEqual({ free: false, starter: 'Email', pro: 'Priority' });
  });

  it('keeps each plan bullet list in line with its limits', () => {
    expect(plans.free.features).toContain('5 AI generations/day');
    expect(plans.starter.features).toContain('10GB storage');
    expect(plans.pro.features).toContain('API access');
    expect(plans.pro.features).not.toContain('Email support');
  });

  it('picks the highest of several tiers, free when there is none', () => {
    expect(highestTier([])).toBe('free');
    expect(highestTier(['starter', 'pro', 'free'])).toBe('pro');
    expect(highestTier(['starter', 'free'])).toBe('starter');
  });
});
