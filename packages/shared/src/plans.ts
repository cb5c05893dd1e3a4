import type { Tier } from './user';

const gigabyte = 1024 ** 3;

/**
 * Spec 9: what each plan allows. This file is the one place plan limits live; features ask it
 * instead of comparing tiers themselves. (The billing issue adds prices and the other rights.)
 */
export const storageQuotaBytes: Record<Tier, number> = {
  free: 2 * gigabyte,
  starter: 10 * gigabyte,
  pro: 50 * gigabyte,
};

/** Admins have every right of the highest plan. */
export function storageQuotaFor(user: { tier: Tier; isAdmin: boolean; role: string }): number {
  const isAdmin = user.isAdmin || user.role === 'admin';
  return isAdmin ? storageQuotaBytes.pro : storageQuotaBytes[user.tier];
}

/** Spec 6: Free users' protected images always carry the visible watermark; paid plans choose. */
export function watermarkIsForced(user: { tier: Tier; isAdmin: boolean; role: string }): boolean {
  const isAdmin = user.isAdmin || user.role === 'admin';
  return !isAdmin && user.tier === 'free';
}

/** Spec 9: AI generations per day (UTC); null means unlimited. */
export const aiGenerationsPerDay: Record<Tier, number | null> = {
  free: 5,
  starter: 50,
  pro: null,
};

/** Admins are never limited. */
export function aiGenerationLimitFor(user: { tier: Tier; isAdmin: boolean; role: string }): number | null {
  const isAdmin = user.isAdmin || user.role === 'admin';
  return isAdmin ? null : aiGenerationsPerDay[user.tier];
}

/** Spec 9: connected Reddit accounts per plan; null means unlimited. */
export const redditAccountsPerTier: Record<Tier, number | null> = {
  free: 1,
  starter: 3,
  pro: null,
};

/** Admins are never limited. */
export function redditAccountLimitFor(user: { tier: Tier; isAdmin: boolean; role: string }): number | null {
  const isAdmin = user.isAdmin || user.role === 'admin';
  return isAdmin ? null : redditAccountsPerTier[user.tier];
}
