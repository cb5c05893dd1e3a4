import { describe, expect, it } from 'vitest';
import { RedditFactsCache } from './reddit-facts-cache.js';

function clockAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, read: () => clock.now };
}

describe('RedditFactsCache', () => {
  it('answers from memory within its lifetime and asks again after it', async () => {
    const { clock, read } = clockAt();
    const cache = new RedditFactsCache(60_000, 100, read);
    let asked = 0;
    const load = async () => ++asked;
    expect(await cache.get(['a', 'me'], load)).toEqual({ value: 1, remembered: false });
    clock.now += 59_999;
    expect(await cache.get(['a', 'me'], load)).toEqual({ value: 1, remembered: true });
    clock.now += 1;
    expect(await cache.get(['a', 'me'], load)).toEqual({ value: 2, remembered: false });
  });

  it('asks again when fresh facts are wanted, and keeps the new answer', async () => {
    const cache = new RedditFactsCache(60_000);
    let asked = 0;
    const load = async () => ++asked;
    await cache.get(['a', 'me'], load);
    expect(await cache.get(['a', 'me'], load, { fresh: true })).toEqual({ value: 2, remembered: false });
    expect(await cache.get(['a', 'me'], load)).toEqual({ value: 2, remembered: true });
  });

  it('never remembers a failure', async () => {
    const cache = new RedditFactsCache(60_000);
    await expect(cache.get(['a', 'me'], () => Promise.reject(new Error('Reddit is down')))).rejects.toThrow(
      'Reddit is down',
    );
    expect(cache.size).toBe(0);
    expect(await cache.get(['a', 'me'], async () => 'up')).toEqual({ value: 'up', remembered: false });
  });

  it('forgets one account entirely and no other', async () => {
    const cache = new RedditFactsCache(60_000);
    await cache.get(['acc-1', 'me'], async () => 1);
    await cache.get(['acc-1', 'requirements', 'pics'], async () => 2);
    await cache.get(['acc-10', 'me'], async () => 3);
    cache.forgetAccount('acc-1');
    expect(cache.size).toBe(1);
    expect((await cache.get(['acc-10', 'me'], async () => 4)).remembered).toBe(true);
  });

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const cache = new RedditFactsCache(60_000, 2);
    for (const name of ['one', 'two', 'three']) await cache.get([name], async () => name);
    expect(cache.size).toBe(2);
    expect((await cache.get(['one'], async () => 'again')).remembered).toBe(false);
    expect((await cache.get(['three'], async () => 'again')).remembered).toBe(true);
  });

  it('remembers nothing with a lifetime of 0', async () => {
    const cache = new RedditFactsCache(0);
    await cache.get(['a'], async () => 1);
    expect(cache.size).toBe(0);
  });
});
