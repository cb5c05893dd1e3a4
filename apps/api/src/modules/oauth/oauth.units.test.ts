import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@app/shared/auth';
import {
  baseUsername,
  isPlaceholderEmail,
  placeholderEmail,
  suffixedUsername,
  usernameFromText,
} from './account-names.js';
import { safeReturnTo, stateMatches } from './flow-cookies.js';
import { providers } from './providers.js';

const profile = (overrides: Partial<{ accountId: string; name: string | null; email: string | null }>) => ({
  accountId: 'id-1',
  name: null,
  email: null,
  emailVerified: false,
  ...overrides,
});

describe('usernames derived from provider profiles', () => {
  it.each([
    ['Jane Doe', 'Jane_Doe'],
    ['  Zoë   O’Brien!! ', 'Zoe_O_Brien'],
    ['__x__', 'x'],
    ['a'.repeat(80), 'a'.repeat(44)],
  ])('%s → %s', (input, expected) => {
    expect(usernameFromText(input)).toBe(expected);
  });

  it('always satisfies the signup rules, suffix included', () => {
    for (const name of ['Jane Doe', 'x', '', '💋💋💋', 'ab', 'a'.repeat(200), 'name-with-dash-', null]) {
      const base = baseUsername('reddit', profile({ name }));
      expect(usernameSchema.safeParse(base).success).toBe(true);
      expect(usernameSchema.safeParse(suffixedUsername(base)).success).toBe(true);
    }
  });

  it('prefers the name, then the address local part, then "<provider>_user"', () => {
    expect(baseUsername('google', profile({ name: 'Ann Lee', email: 'x@y.z' }))).toBe('Ann_Lee');
    expect(baseUsername('google', profile({ name: 'A', email: 'ann.lee@example.com' }))).toBe('ann_lee');
    expect(baseUsername('facebook', profile({ name: '🙂', email: 'a@b.c' }))).toBe('facebook_user');
  });
});

describe('placeholder addresses', () => {
  it('use the provider account id under the reserved .invalid domain', () => {
    expect(placeholderEmail('reddit', profile({ accountId: 'Ab12' }))).toBe('ab12@reddit.invalid');
    expect(placeholderEmail('reddit', profile({ accountId: 'Ab12' }), 1)).toMatch(
      /^ab12-\d{4}@reddit\.invalid$/,
    );
    expect(isPlaceholderEmail('AB12@REDDIT.INVALID')).toBe(true);
    expect(isPlaceholderEmail('someone@example.com')).toBe(false);
  });
});

describe('returnTo', () => {
  // Percent-escapes stay escaped in the Location header, so an encoded line break is harmless.
  it.each(['/dashboard', '/history?tab=ai#top', '/reddit/communities', '/', '/%0d%0a'])(
    'accepts %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'http:/evil',
    'javascript:alert(1)',
    '/api/auth/google',
    '/API?x=1',
    'dashboard',
    '',
    '/has space',
    '/tab\tname',
    `/${'a'.repeat(600)}`,
    42,
    undefined,
  ])('rejects %s', (value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });
});

describe('state comparison', () => {
  it('matches only the same provider and the same value', () => {
    expect(stateMatches('google', 'google:abc', 'abc')).toBe(true);
    expect(stateMatches('reddit', 'google:abc', 'abc')).toBe(false);
    expect(stateMatches('google', 'google:abc', 'abd')).toBe(false);
    expect(stateMatches('google', undefined, 'abc')).toBe(false);
    expect(stateMatches('google', 'google:abc', undefined)).toBe(false);
  });
});

describe('provider profiles', () => {
  it('maps each provider shape, and only trusts verified addresses', () => {
    expect(
      providers.google.parseProfile({ sub: '1', email: 'a@b.c', email_verified: 'true', name: 'A' }),
    ).toEqual({
      accountId: '1',
      name: 'A',
      email: 'a@b.c',
      emailVerified: true,
    });
    expect(providers.google.parseProfile({ sub: '1', email: 'a@b.c' }).emailVerified).toBe(false);
    expect(providers.facebook.parseProfile({ id: '2', name: 'B' })).toEqual({
      accountId: '2',
      name: 'B',
      email: null,
      emailVerified: false,
    });
    expect(providers.reddit.parseProfile({ id: '3', name: 'c', email: 'ignored@x.y' }).email).toBeNull();
    expect(() => providers.google.parseProfile({ email: 'no-subject@x.y' })).toThrow();
  });
});
