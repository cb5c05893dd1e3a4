import { describe, expect, it } from 'vitest';
import { calculateEarnings, moneyToCents, percentToBasisPoints, platformPresets } from './earnings';

describe('calculateEarnings', () => {
  it('computes 100 subscribers at $9.99 on a 20 % platform with 25 % tax', () => {
    expect(
      calculateEarnings({ subscribers: 100, priceCents: 999, feeBasisPoints: 2000, taxBasisPoints: 2500 }),
    ).toEqual({
      grossCents: 99_900,
      feeCents: 19_980,
      payoutCents: 79_920,
      taxCents: 19_980,
      netCents: 59_940,
      yearlyNetCents: 719_280,
    });
  });

  it('rounds half a cent up and keeps every amount a whole number of cents', () => {
    // 3 × $0.05 = 15 ¢; 12.5 % of 15 = 1.875 → 2; 13 × 33.33 % = 4.3329 → 4
    const result = calculateEarnings({
      subscribers: 3,
      priceCents: 5,
      feeBasisPoints: 1250,
      taxBasisPoints: 3333,
    });
    expect(result).toMatchObject({ grossCents: 15, feeCents: 2, payoutCents: 13, taxCents: 4, netCents: 9 });
    for (const value of Object.values(result)) expect(Number.isInteger(value)).toBe(true);
  });

  it('handles zero and the extremes', () => {
    expect(
      calculateEarnings({ subscribers: 0, priceCents: 999, feeBasisPoints: 2000, taxBasisPoints: 2500 })
        .netCents,
    ).toBe(0);
    expect(
      calculateEarnings({ subscribers: 10, priceCents: 1000, feeBasisPoints: 10_000, taxBasisPoints: 0 })
        .payoutCents,
    ).toBe(0);
    const big = calculateEarnings({
      subscribers: 1_000_000,
      priceCents: 100_000,
      feeBasisPoints: 0,
      taxBasisPoints: 0,
    });
    expect(big.grossCents).toBe(100_000_000_000);
  });

  it('refuses fractions, negatives and out-of-range values', () => {
    expect(() =>
      calculateEarnings({ subscribers: 1.5, priceCents: 100, feeBasisPoints: 0, taxBasisPoints: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      calculateEarnings({ subscribers: -1, priceCents: 100, feeBasisPoints: 0, taxBasisPoints: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      calculateEarnings({ subscribers: 1, priceCents: 100, feeBasisPoints: 10_001, taxBasisPoints: 0 }),
    ).toThrow(RangeError);
  });
});

describe('input parsing and formatting', () => {
  it('reads percentages and money as integers', () => {
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints('20')).toBe(2000);
    expect(percentToBasisPoints('0,07')).toBe(7);
    expect(percentToBasisPoints('101')).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
    expect(moneyToCents('9.99')).toBe(999);
    expect(moneyToCents('$5')).toBe(500);
    expect(moneyToCents('4.5')).toBe(450);
    expect(moneyToCents('1.234')).toBeNull();
    expect(moneyToCents('-3')).toBeNull();
  });

  it('has documented presets with Patreon at 10 % and a custom entry', () => {
    expect(platformPresets.find((p) => p.id === 'patreon')?.feeBasisPoints).toBe(1000);
    expect(platformPresets.find((p) => p.id === 'custom')?.feeBasisPoints).toBeNull();
  });
});
