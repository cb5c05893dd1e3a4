import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.js';
import { SessionCache } from './session-cache.js';

const user = (id: string) => ({ id, tier: 'free' }) as UserRow;
const session = (userId: string, expiresAt = new Date('2999-01-01')) => ({
  sessionId: `s-${userId}`,
  user: user(userId),
  expiresAt,
});

function trustedCache(ttlMs = 1_000, maxEntries = 100) {
  let now = 0;
  const cache = new SessionCache({ ttlMs, maxEntries, now: () => now });
  cache.resume();
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('keeps a session for the time to live, and never beyond the session itself', () => {
    const { cache, advance } = trustedCache(1_000);
    cache.remember('a', session('u1'), cache.generation);
    cache.remember('b', session('u2', new Date(500)), cache.generation);
    expect(cache.get('a')?.sessionId).toBe('s-u1');
    expect(cache.get('b')?.sessionId).toBe('s-u2');
    advance(500);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.sessionId).toBe('s-u1');
    advance(500);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a user whose row or sessions changed, and only theirs', () => {
    const { cache } = trustedCache();
    cache.remember('a1', session('u1'), cache.generation);
    cache.remember('a2', session('u1'), cache.generation);
    cache.remember('b', session('u2'), cache.generation);
    cache.forgetUser('u1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe('u2');
  });

  it('refuses a lookup that started before a change was announced', () => {
    const { cache } = trustedCache();
    const before = cache.generation;
    cache.forgetUser('u1'); // the ban committed while the query was on its way
    cache.remember('a', session('u1'), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores nothing until notifications flow, and drops everything when they may have been missed', () => {
    const cache = new SessionCache({ ttlMs: 1_000, maxEntries: 100 });
    cache.remember('a', session('u1'), cache.generation);
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    cache.remember('a', session('u1'), cache.generation);
    expect(cache.get('a')).toBeDefined();
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.remember('a', session('u1'), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('is off with a time to live of 0', () => {
    const { cache } = trustedCache(0);
    cache.remember('a', session('u1'), cache.generation);
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full', () => {
    const { cache } = trustedCache(1_000, 2);
    cache.remember('a', session('u1'), cache.generation);
    cache.remember('b', session('u2'), cache.generation);
    cache.remember('c', session('u3'), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});
