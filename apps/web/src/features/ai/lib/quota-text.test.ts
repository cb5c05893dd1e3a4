import { describe, expect, it } from 'vitest';
import { makeQuota } from '../testing/ai-fixtures';
import { formatWait, summarizeQuota } from './quota-text';

const now = Date.parse('2026-03-12T20:30:00.000Z');
const midnight = '2026-03-13T00:00:00.000Z';

describe('summarizeQuota', () => {
  it('counts what is left today and when it resets, for Free, Starter and visitors', () => {
    const free = summarizeQuota(makeQuota({ used: 2, limit: 5, remaining: 3, resetsAt: midnight }), now);
    expect(free).toMatchObject({
      headline: '3 of 5 generations left today',
      detail: 'Resets in 3 h 30 min (midnight UTC). Free plan: 5 a day.',
      usedPercent: 40,
      exhausted: false,
      upgrade: { to: '/settings', label: 'Upgrade for 50 a day or unlimited' },
    });
    const starter = summarizeQuota(
      makeQuota({ plan: 'starter', used: 49, limit: 50, remaining: 1, resetsAt: midnight }),
      now,
    );
    expect(starter.headline).toBe('1 of 50 generations left today');
    expect(starter.upgrade).toEqual({ to: '/settings', label: 'Upgrade to Pro for unlimited' });
    const visitor = summarizeQuota(
      makeQuota({ plan: 'visitor', used: 0, limit: 3, remaining: 3, resetsAt: midnight }),
      now,
    );
    expect(visitor.headline).toBe('3 of 3 free generations left today');
    expect(visitor.upgrade?.to).toBe('/signup');
  });

  it('says when nothing is left and when more come', () => {
    const spent = summarizeQuota(makeQuota({ used: 5, limit: 5, remaining: 0, resetsAt: midnight }), now);
    expect(spent).toMatchObject({
      headline: 'No generations left today',
      detail: 'You have used all 5 for today. More in 3 h 30 min (midnight UTC).',
      usedPercent: 100,
      exhausted: true,
    });
  });

  it('shows Pro and admins as unlimited, with no upgrade', () => {
    const pro = summarizeQuota(makeQuota({ plan: 'pro', used: 40, limit: null, remaining: null }), now);
    expect(pro).toMatchObject({
      headline: 'Unlimited generations',
      usedPercent: null,
      exhausted: false,
      upgrade: null,
    });
  });
});

describe('formatWait', () => {
  it('rounds up to whole minutes and never says zero', () => {
    expect(formatWait(0)).toBe('1 min');
    expect(formatWait(59 * 60_000 + 1)).toBe('1 h');
    expect(formatWait(125 * 60_000)).toBe('2 h 5 min');
  });
});
