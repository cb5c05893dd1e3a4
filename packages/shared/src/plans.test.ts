import { describe, expect, it } from 'vitest';
import { storageQuotaFor, watermarkIsForced } from './plans';

describe('plan rules', () => {
  it('forces the protection watermark on Free users only; admins choose like paid plans', () => {
    expect(watermarkIsForced({ tier: 'free', isAdmin: false, role: 'user' })).toBe(true);
    expect(watermarkIsForced({ tier: 'starter', isAdmin: false, role: 'user' })).toBe(false);
    expect(watermarkIsForced({ tier: 'pro', isAdmin: false, role: 'user' })).toBe(false);
    expect(watermarkIsForced({ tier: 'free', isAdmin: true, role: 'user' })).toBe(false);
    expect(watermarkIsForced({ tier: 'free', isAdmin: false, role: 'admin' })).toBe(false);
  });

  it('gives 2, 10 and 50 GB of storage, and admins the most', () => {
    const gb = 1024 ** 3;
    expect(storageQuotaFor({ tier: 'free', isAdmin: false, role: 'user' })).toBe(2 * gb);
    expect(storageQuotaFor({ tier: 'starter', isAdmin: false, role: 'user' })).toBe(10 * gb);
    expect(storageQuotaFor({ tier: 'pro', isAdmin: false, role: 'user' })).toBe(50 * gb);
    expect(storageQuotaFor({ tier: 'free', isAdmin: false, role: 'admin' })).toBe(50 * gb);
  });
});
