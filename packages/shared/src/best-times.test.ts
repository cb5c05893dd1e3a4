import { describe, expect, it } from 'vitest';
import {
  bestTimesFor,
  bestTimesNote,
  nextBestTime,
  ownPostsToOutweigh,
  type HourEvidence,
} from './best-times';

describe('the next best time', () => {
  const now = new Date('2026-05-01T10:30:00Z');
  it('takes the soonest time still ahead today, else tomorrow', () => {
    expect(nextBestTime(['09:00', '14:00', '11:15'], now)?.toISOString()).toBe('2026-05-01T11:15:00.000Z');
    expect(nextBestTime(['09:00'], now)?.toISOString()).toBe('2026-05-02T09:00:00.000Z');
    // Less than a minute ahead counts as gone.
    expect(nextBestTime(['10:30'], now)?.toISOString()).toBe('2026-05-02T10:30:00.000Z');
    expect(nextBestTime([], now)).toBeNull();
    expect(nextBestTime(['evening'], now)).toBeNull();
  });
});

describe('best times for her', () => {
  // r/gonewild's seeded times: the page shows the first three, so nothing may pick the fourth.
  const community = ['02:00', '01:00', '03:00', '14:00'];

  it("without posts of hers: the community's first three, and never a fourth", () => {
    const best = bestTimesFor(community);
    expect(best).toEqual({ times: ['02:00', '01:00', '03:00'], basis: 'community', ownPosts: 0 });
    // At noon UTC the soonest of the three is tomorrow 1 AM, not today's 2 PM.
    expect(nextBestTime(best.times, new Date('2026-05-01T12:00:00Z'))?.toISOString()).toBe(
      '2026-05-02T01:00:00.000Z',
    );
    expect(bestTimesFor([])).toEqual({ times: [], basis: 'none', ownPosts: 0 });
  });

  const evening = (posts: number, upvotes: number): HourEvidence[] => [
    { hour: 20, posts, upvotes: upvotes * posts, visitors: 0 },
    { hour: 2, posts, upvotes: 10 * posts, visitors: 0 },
  ];

  it('a few posts of hers move the hours but the community still leads', () => {
    const best = bestTimesFor(community, evening(1, 400));
    expect(best.basis).toBe('mixed');
    expect(best.ownPosts).toBe(2);
    expect(best.times[0]).toBe('02:00');
  });

  it('with enough of her posts, her best hour comes first', () => {
    const best = bestTimesFor(community, evening(ownPostsToOutweigh, 400));
    expect(best.basis).toBe('yours');
    expect(best.times[0]).toBe('20:00');
    expect(best.times).toHaveLength(3);
  });

  it('visitors through her links count as well as upvotes', () => {
    const own: HourEvidence[] = [
      { hour: 9, posts: 10, upvotes: 100, visitors: 300 },
      { hour: 2, posts: 10, upvotes: 100, visitors: 0 },
    ];
    expect(bestTimesFor(community, own).times[0]).toBe('09:00');
  });

  it('says whose hours they are', () => {
    expect(bestTimesNote({ basis: 'community', ownPosts: 0 })).toBe("From the community's activity.");
    expect(bestTimesNote({ basis: 'mixed', ownPosts: 3 })).toBe(
      "From the community's activity and your 3 posts here.",
    );
    expect(bestTimesNote({ basis: 'yours', ownPosts: 12 })).toBe(
      "From your 12 posts here, which now outweigh the community's hours.",
    );
  });
});
