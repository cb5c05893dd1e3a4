import { describe, expect, it } from 'vitest';
import { successDetailsSchema, successTexts } from './community-score';

describe('success score texts', () => {
  it('say what the number is, with its interval and what it rests on', () => {
    expect(successTexts.sentence('82%', '61%', '96%', 12, 0)).toBe(
      'Chance your next post that follows the rules stays up for 24 hours: 82% (likely between 61% and 96%), from 12 posts sent from here.',
    );
    expect(successTexts.sentence('82%', '61%', '96%', 1, 1)).toBe(
      'Chance your next post that follows the rules stays up for 24 hours: 82% (likely between 61% and 96%), from 1 post sent from here, 1 of them yours.',
    );
    expect(successTexts.sentence('90%', '62%', '100%', 0, 0)).toBe(
      'Chance your next post that follows the rules stays up for 24 hours: 90% (likely between 62% and 100%), from the community’s rules alone (no posts sent from here yet).',
    );
  });

  it('name her removals by cause, and only one cause when all share it', () => {
    expect(successTexts.own(4, 1, { spamFilter: 3 })).toBe(
      '3 of your 4 posts here were removed by the spam filter',
    );
    expect(successTexts.own(4, 2, { spamFilter: 1, moderator: 1 })).toBe(
      '2 of your 4 posts here were removed',
    );
    expect(successTexts.own(1, 0, { moderator: 1 })).toBe('Your post here was removed by the moderators');
    expect(successTexts.own(3, 3, {})).toBe('Your 3 posts here all stayed up');
    expect(successTexts.community(12, 11, { reddit: 1 })).toBe(
      '12 posts by creators on this server: 11 stayed up, 1 removed by Reddit',
    );
  });

  it('validates the details the list sends', () => {
    expect(
      successDetailsSchema.safeParse({ low: 61.8, high: 100, posts: 0, ownPosts: 0, reasons: [] }).success,
    ).toBe(true);
    expect(
      successDetailsSchema.safeParse({ low: -1, high: 100, posts: 0, ownPosts: 0, reasons: [] }).success,
    ).toBe(false);
  });
});
