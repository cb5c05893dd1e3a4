import { describe, expect, it } from 'vitest';
import { learnThreshold, roundThreshold, type PostEvidence } from './learned-requirements.js';

const posts = (values: number[], removed: boolean): PostEvidence[] =>
  values.map((value) => ({ value, removed }));

describe('requirements learned from removals', () => {
  it('finds the karma below which posts were removed and above which they stayed', () => {
    const learned = learnThreshold([...posts([5, 12, 30, 41], true), ...posts([150, 300, 900, 2000], false)]);
    expect(learned).toEqual({ value: 100, posts: 8 });
  });

  it('tolerates a little noise on either side', () => {
    const learned = learnThreshold([
      ...posts([2, 3, 5, 9, 14], true),
      ...posts([8], false),
      ...posts([35, 40, 60, 80, 120, 200], false),
      ...posts([90], true),
    ]);
    expect(learned?.value).toBeGreaterThan(14);
    expect(learned?.value).toBeLessThanOrEqual(35);
    expect(learned?.posts).toBe(13);
  });

  it('says nothing without enough posts, without removals, or when removals do not follow the figure', () => {
    expect(learnThreshold([...posts([5, 12, 30], true), ...posts([150, 300, 900, 2000], false)])).toBeNull();
    expect(learnThreshold(posts([5, 12, 30, 41, 150, 300, 900, 2000], false))).toBeNull();
    // Removed at every level alike: a strict community, not a threshold.
    expect(
      learnThreshold([...posts([5, 100, 900, 5000], true), ...posts([6, 120, 800, 4000], false)]),
    ).toBeNull();
  });

  it('rounds to a figure a moderator would write, inside the gap the posts leave', () => {
    expect(roundThreshold(41, 150)).toBe(100);
    expect(roundThreshold(6, 30)).toBe(20);
    expect(roundThreshold(89, 91)).toBe(91);
    expect(roundThreshold(0, 3)).toBe(2);
  });
});
