import { describe, expect, it } from 'vitest';
import { captionText, platformLimits, twitterLength, visibleLength } from '@app/shared/ai';
import type { Draft, GenerationTask } from './caption-provider.js';
import { fitDraft, normaliseHashtag, shortenTo, stripEmoji, violations } from './platform-fit.js';
import { parseTitleRules } from './title-rules.js';

const task = (overrides: Partial<GenerationTask> = {}): GenerationTask => ({
  prompt: '',
  platforms: ['reddit', 'twitter', 'instagram', 'tiktok'],
  styleHints: [],
  variants: 1,
  subreddit: null,
  ...overrides,
});

const draft = (overrides: Partial<Draft>): Draft => ({
  platform: 'twitter',
  titles: ['A hook'],
  body: 'A caption.',
  photoInstructions: 'Shoot it in daylight.',
  hashtags: [],
  confidence: 0.8,
  ...overrides,
});

const gonewild = parseTitleRules({
  name: 'gonewild',
  titleRules: ['Gender tag such as [F], [M] or [MF] required in the title', 'No emojis in titles'],
  watermarksAllowed: false,
  verificationRequired: true,
});

describe('title rules from the communities data', () => {
  it('reads required tag groups and an emoji ban', () => {
    expect(gonewild.requiredTags).toEqual([['[F]', '[M]', '[MF]']]);
    expect(gonewild.noEmoji).toBe(true);
    const plain = parseTitleRules({
      name: 'selfie',
      titleRules: ['Name the character and series in the title'],
      watermarksAllowed: null,
      verificationRequired: false,
    });
    expect(plain.requiredTags).toEqual([]);
    expect(plain.noEmoji).toBe(false);
  });

  it('reads a ban on links from any rule, title or content', () => {
    const rules = (titleRules: string[], contentRules?: string[]) =>
      parseTitleRules({
        name: 'x',
        titleRules,
        contentRules,
        watermarksAllowed: null,
        verificationRequired: false,
      }).linksAllowed;
    expect(rules([], ['No selling, advertising or links to paid sites in posts or comments'])).toBe(false);
    expect(
      rules([], ['Promote through your profile only: no links to paid sites in titles or comments']),
    ).toBe(false);
    expect(rules(['No URLs in titles'])).toBe(false);
    expect(rules([], ['Discussion only: no self-promotion or links'])).toBe(false);
    expect(rules([], ['Promoting anything that earns money is a permanent ban'])).toBe(false);
    expect(rules([], ['Promoting your own page is the purpose of the community'])).toBe(true);
    expect(
      rules(
        ['Snapchat username in the title'],
        ['Share a free Snapchat username only; no premium Snapchat or selling'],
      ),
    ).toBe(true);
    expect(gonewild.linksAllowed).toBe(true);
  });
});

describe('fitDraft', () => {
  it('adds the required tag to every Reddit title, preferring the one in the prompt', () => {
    const fitted = fitDraft(
      draft({ platform: 'reddit', titles: ['Feeling cute today', 'Second title'] }),
      task({ subreddit: gonewild }),
    )!;
    expect(fitted.titles).toEqual(['Feeling cute today [F]', 'Second title [F]']);
    const fromPrompt = fitDraft(
      draft({ platform: 'reddit', titles: ['Gym day'] }),
      task({ subreddit: gonewild, prompt: 'gym selfie [M]' }),
    )!;
    expect(fromPrompt.titles).toEqual(['Gym day [M]']);
    const alreadyTagged = fitDraft(
      draft({ platform: 'reddit', titles: ['[MF] Date night'] }),
      task({ subreddit: gonewild }),
    )!;
    expect(alreadyTagged.titles).toEqual(['[MF] Date night']);
  });

  it('removes emojis from Reddit titles where the subreddit bans them, and keeps them elsewhere', () => {
    const banned = fitDraft(
      draft({ platform: 'reddit', titles: ['Sunny day 🌞 out here 👩‍❤️‍👨'] }),
      task({ subreddit: gonewild }),
    )!;
    expect(banned.titles).toEqual(['Sunny day out here [F]']);
    const allowed = fitDraft(draft({ platform: 'reddit', titles: ['Sunny day 🌞'] }), task())!;
    expect(allowed.titles).toEqual(['Sunny day 🌞']);
  });

  it('shortens Reddit titles to 300 characters with the tag kept, and drops hashtags on Reddit', () => {
    const long = `${'word '.repeat(100)}end`;
    const fitted = fitDraft(
      draft({ platform: 'reddit', titles: [long], hashtags: ['nope'] }),
      task({ subreddit: gonewild }),
    )!;
    expect(visibleLength(fitted.titles[0]!)).toBeLessThanOrEqual(platformLimits.reddit.titleMax);
    expect(fitted.titles[0]).toMatch(/… \[F\]$/);
    expect(fitted.hashtags).toEqual([]);
  });

  it('shortens a Reddit title to 300 characters without a subreddit too', () => {
    const fitted = fitDraft(draft({ platform: 'reddit', titles: [`${'word '.repeat(100)}end`] }), task())!;
    expect(visibleLength(fitted.titles[0]!)).toBeLessThanOrEqual(platformLimits.reddit.titleMax);
    expect(fitted.titles[0]).toMatch(/…$/);
  });

  it('keeps a tweet with its hashtags within 280 weighted characters: hashtags go first, then words', () => {
    const body = 'This sentence fits well. '.repeat(10).trim();
    const fitted = fitDraft(draft({ body, hashtags: ['one', 'two', 'three'] }), task())!;
    expect(twitterLength(captionText(fitted))).toBeLessThanOrEqual(280);
    expect(fitted.body.endsWith('.')).toBe(true);

    const emojiHeavy = fitDraft(draft({ body: '🔥'.repeat(200), hashtags: ['hot'] }), task())!;
    expect(twitterLength(captionText(emojiHeavy))).toBeLessThanOrEqual(280);
  });

  it('caps Instagram at 30 valid, distinct hashtags and 2,200 characters', () => {
    const hashtags = [...Array.from({ length: 40 }, (_, index) => `#tag${index}`), 'tag1', 'bad tag!', '123'];
    const fitted = fitDraft(
      draft({ platform: 'instagram', body: 'Long caption line. '.repeat(200), hashtags }),
      task(),
    )!;
    expect(fitted.hashtags).toHaveLength(30);
    expect(new Set(fitted.hashtags.map((tag) => tag.toLowerCase())).size).toBe(30);
    expect(fitted.hashtags.every((tag) => /^[\p{L}\p{N}_]+$/u.test(tag))).toBe(true);
    expect(visibleLength(captionText(fitted))).toBeLessThanOrEqual(2200);
  });

  it('keeps TikTok captions within their limit', () => {
    const fitted = fitDraft(
      draft({ platform: 'tiktok', body: 'x '.repeat(3000), hashtags: ['fyp'] }),
      task(),
    )!;
    expect(visibleLength(captionText(fitted))).toBeLessThanOrEqual(platformLimits.tiktok.captionMax);
    expect(violations(fitted, task())).toEqual([]);
  });

  it('drops a result with nothing usable left instead of sending it', () => {
    expect(fitDraft(draft({ platform: 'reddit', titles: ['   ', ''] }), task())).toBeNull();
    expect(fitDraft(draft({ platform: 'twitter', body: '  ' }), task())).toBeNull();
  });

  it('clamps confidence into 0–1', () => {
    expect(fitDraft(draft({ confidence: 7 }), task())!.confidence).toBe(1);
    expect(fitDraft(draft({ confidence: Number.NaN }), task())!.confidence).toBe(0.5);
  });
});

describe('helpers', () => {
  it('shortens at a sentence end when it can, else at a word with an ellipsis', () => {
    expect(shortenTo('One two. Three four five six.', 12)).toBe('One two.');
    expect(shortenTo('Onetwothree fourfive sixseven', 15)).toBe('Onetwothree…');
  });

  it('normalises hashtags and strips emojis', () => {
    expect(normaliseHashtag('#Red-Dress')).toBe('RedDress');
    expect(normaliseHashtag('2024')).toBeNull();
    expect(stripEmoji('Hi 👋🏽 there ❤️‍🔥!')).toBe('Hi there!');
  });
});

describe('links on Reddit', () => {
  const voice = { signature: 'Luna', promoLink: '@lunafox' };
  const noLinks = parseTitleRules({
    name: 'selfie',
    titleRules: [],
    contentRules: ['No links or self-promotion'],
    watermarksAllowed: null,
    verificationRequired: false,
  });
  const linksOk = { ...noLinks, linksAllowed: true };

  it('takes the promoted handle and URLs out of titles everywhere, and out of the body where links are banned', () => {
    const written = draft({
      platform: 'reddit',
      titles: ['New set tonight @lunafox', 'Come see https://onlyfans.com/luna now', '@lunafox'],
      body: 'Forty photos (@lunafox), see www.example.com for more. Love, Luna',
    });
    const banned = fitDraft(written, task({ subreddit: noLinks, voice }))!;
    expect(banned.titles).toEqual(['New set tonight', 'Come see now']);
    expect(banned.body).toBe('Forty photos, see for more. Love, Luna');
    expect(violations(banned, task({ subreddit: noLinks, voice }))).toEqual([]);

    const allowed = fitDraft(written, task({ subreddit: linksOk, voice }))!;
    expect(allowed.titles).toEqual(['New set tonight', 'Come see now']);
    expect(allowed.body).toContain('@lunafox');
  });

  it('keeps words that only contain the handle, and counts a left link as a violation', () => {
    const fitted = fitDraft(
      draft({ platform: 'reddit', titles: ['Me and @lunafoxes'], body: 'Hi @lunafox_two' }),
      task({ subreddit: noLinks, voice }),
    )!;
    expect(fitted.titles).toEqual(['Me and @lunafoxes']);
    expect(fitted.body).toBe('Hi @lunafox_two');
    expect(
      violations(
        draft({ platform: 'reddit', titles: ['Hi'], body: 'see @lunafox' }),
        task({ subreddit: noLinks, voice }),
      ),
    ).toEqual(['a link where the subreddit forbids links']);
  });
});
