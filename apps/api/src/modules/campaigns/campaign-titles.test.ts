import { describe, expect, it } from 'vitest';
import { fitTitleToSubreddit } from './campaign-titles.js';

const community = (titleRules: string[], name = 'example') => ({
  name,
  titleRules,
  contentRules: [],
  watermarksAllowed: null,
  verificationRequired: false,
});

describe('a campaign caption fitted to each subreddit', () => {
  it('adds the required tag, keeping one the creator already wrote', () => {
    const rules = community(['Gender tag such as [F], [M] or [MF] required in the title']);
    expect(fitTitleToSubreddit('Red satin and candlelight', rules)).toEqual({
      title: 'Red satin and candlelight [F]',
      adjustments: ['Added [F]: r/example requires a tag in the title (change it if another fits you).'],
    });
    expect(fitTitleToSubreddit('Red satin [MF] tonight', rules)).toEqual({
      title: 'Red satin [MF] tonight',
      adjustments: [],
    });
  });

  it('drops emojis where they are banned and links always', () => {
    const fitted = fitTitleToSubreddit(
      'New set 🔥 https://onlyfans.com/ana is live',
      community(['No emojis in titles']),
    );
    expect(fitted.title).toBe('New set is live');
    expect(fitted.adjustments).toEqual([
      'Removed the link: Reddit titles cannot carry links.',
      'Removed the emojis: r/example does not allow them in titles.',
    ]);
    expect(fitTitleToSubreddit('New set 🔥', undefined)).toEqual({ title: 'New set 🔥', adjustments: [] });
  });

  it('keeps a long caption within Reddit’s 300 characters with its tag', () => {
    const long = `${'A long sentence about the set. '.repeat(15)}The end.`;
    const fitted = fitTitleToSubreddit(long, community(['Tag required: [F] or [M]']));
    expect(fitted.title.length).toBeLessThanOrEqual(300);
    expect(fitted.title.endsWith(' [F]')).toBe(true);
  });
});
