/**
 * The earnings calculator's arithmetic, in integer cents only (no floating-point money).
 * Fees and tax rates are basis points (1 % = 100 bp), so 20 % is 2000 and 12.5 % is 1250.
 */

export interface PlatformPreset {
  id: 'onlyfans' | 'fansly' | 'patreon' | 'manyvids' | 'custom';
  label: string;
  /** The platform's cut of subscription revenue, in basis points; null for custom. */
  feeBasisPoints: number | null;
  note: string;
}

/**
 * Published creator-side fees (2026): OnlyFans and Fansly keep 20 %; Patreon's standard plan is
 * 10 % for creators who joined from August 2025 (older plans were 8–12 %), so 10 % is used;
 * ManyVids keeps 20 % of memberships. Payment-processing fees some platforms add are not included.
 */
export const platformPresets: readonly PlatformPreset[] = [
  {
    id: 'onlyfans',
    label: 'OnlyFans',
    feeBasisPoints: 2000,
    note: 'OnlyFans keeps 20 % of subscriptions and tips.',
  },
  {
    id: 'fansly',
    label: 'Fansly',
    feeBasisPoints: 2000,
    note: 'Fansly keeps 20 % of subscriptions and tips.',
  },
  {
    id: 'patreon',
    label: 'Patreon',
    feeBasisPoints: 1000,
    note: 'Patreon standard plan: 10 % (older plans ranged from 8 % to 12 %). Payment processing is extra.',
  },
  { id: 'manyvids', label: 'ManyVids', feeBasisPoints: 2000, note: 'ManyVids keeps 20 % of memberships.' },
  { id: 'custom', label: 'Custom', feeBasisPoints: null, note: 'Enter your platform’s fee yourself.' },
];

export interface EarningsInput {
  subscribers: number;
  priceCents: number;
  feeBasisPoints: number;
  taxBasisPoints: number;
}

export interface EarningsResult {
  grossCents: number;
  feeCents: number;
  payoutCents: number;
  taxCents: number;
  netCents: number;
  /** The net over twelve months. */
  yearlyNetCents: number;
}

const basisPoints = 10_000;

/** Half-up rounding of a × bp / 10 000 in integers. */
function shareOf(cents: number, bp: number): number {
  return Math.floor((cents * bp + basisPoints / 2) / basisPoints);
}

function assertWhole(name: string, value: number, max: number) {
  if (!Number.isSafeInteger(value) || value < 0 || value > max)
    throw new RangeError(`${name} must be a whole number from 0 to ${max}`);
}

export const limits = { subscribers: 1_000_000, priceCents: 100_000, basisPoints: basisPoints } as const;

/** subscribers × price − platform fee = payout; payout − tax estimate = what you keep (per month). */
export function calculateEarnings(input: EarningsInput): EarningsResult {
  assertWhole('subscribers', input.subscribers, limits.subscribers);
  assertWhole('priceCents', input.priceCents, limits.priceCents);
  assertWhole('feeBasisPoints', input.feeBasisPoints, basisPoints);
  assertWhole('taxBasisPoints', input.taxBasisPoints, basisPoints);
  const grossCents = input.subscribers * input.priceCents;
  const feeCents = shareOf(grossCents, input.feeBasisPoints);
  const payoutCents = grossCents - feeCents;
  const taxCents = shareOf(payoutCents, input.taxBasisPoints);
  const netCents = payoutCents - taxCents;
  return { grossCents, feeCents, payoutCents, taxCents, netCents, yearlyNetCents: netCents * 12 };
}

/** "12.5" → 1250; "" or invalid → null. At most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= basisPoints ? bp : null;
}

/** "9.99" or "9,99" → 999; "" or invalid → null. */
export function moneyToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
