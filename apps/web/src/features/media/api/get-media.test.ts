import { describe, expect, it } from 'vitest';
import { makeAsset } from '../../../testing/media-fixtures';
import { msUntilUrlRenewal } from './get-media';

describe('msUntilUrlRenewal', () => {
  const now = Date.parse('2026-03-12T10:00:00.000Z');
  const expiring = (minutes: number) =>
    makeAsset({ urlsExpireAt: new Date(now + minutes * 60_000).toISOString() });

  it('refetches five minutes before the earliest signed URL expires', () => {
    expect(msUntilUrlRenewal([expiring(60), expiring(30)], now)).toBe(25 * 60_000);
  });

  it('waits at least 30 seconds, even for URLs about to expire or already expired', () => {
    expect(msUntilUrlRenewal([expiring(4)], now)).toBe(30_000);
    expect(msUntilUrlRenewal([expiring(-10)], now)).toBe(30_000);
  });

  it('does not poll an empty list', () => {
    expect(msUntilUrlRenewal([], now)).toBe(false);
    expect(msUntilUrlRenewal(undefined, now)).toBe(false);
  });
});
