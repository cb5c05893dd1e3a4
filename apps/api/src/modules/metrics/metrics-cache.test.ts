import { describe, expect, it } from 'vitest';
import { ttlCache } from './metrics.service.js';

function counter() {
  let calls = 0;
  return { load: async () => (calls += 1), calls: () => calls };
}

describe('ttlCache', () => {
  it('serves the loaded value until the time is up, then loads again', async () => {
    let now = 1_000;
    const source = counter();
    const get = ttlCache(source.load, 60_000, () => now);
    expect(await get()).toBe(1);
    now += 59_999;
    expect(await get()).toBe(1);
    now += 1;
    expect(await get()).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const source = counter();
    const get = ttlCache(source.load, 60_000);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(source.calls()).toBe(1);
  });

  it('forgets a failed load so the next caller retries', async () => {
    let fail = true;
    const get = ttlCache(async () => {
      if (fail) throw new Error('database unavailable');
      return 'figures';
    }, 60_000);
    await expect(get()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await get()).toBe('figures');
  });
});
