import { describe, expect, it } from 'vitest';
import { aiGenerateRequestSchema, aiTexts, captionText, twitterLength, visibleLength } from './ai';

describe('caption lengths', () => {
  it('counts what people see: an emoji sequence once, Latin text by characters', () => {
    expect(visibleLength('hello')).toBe(5);
    expect(visibleLength('hi 👋🏽 ❤️‍🔥 🇫🇷')).toBe(8);
    expect(visibleLength('naïve café…')).toBe(11);
  });

  it('weighs like Twitter: emoji and CJK count 2, Latin 1', () => {
    expect(twitterLength('hello')).toBe(5);
    expect(twitterLength('hi 👋🏽')).toBe(5);
    expect(twitterLength('日本')).toBe(4);
    expect(twitterLength('“quoted” – yes')).toBe(14);
  });

  it('puts hashtags after the caption except on Reddit', () => {
    expect(captionText({ platform: 'twitter', body: 'Hi', hashtags: ['a', 'b'] })).toBe('Hi\n\n#a #b');
    expect(captionText({ platform: 'reddit', body: 'Hi', hashtags: ['a'] })).toBe('Hi');
  });
});

describe('generate request', () => {
  it('accepts the spec payload and normalises it', () => {
    const parsed = aiGenerateRequestSchema.parse({
      prompt: '  beach day ',
      platforms: ['reddit', 'reddit', 'tiktok'],
      styleHints: ['bold'],
      variants: 3,
      subreddit: 'r/GoneWild',
    });
    expect(parsed).toEqual({
      prompt: 'beach day',
      platforms: ['reddit', 'tiktok'],
      styleHints: ['bold'],
      variants: 3,
      subreddit: 'GoneWild',
    });
  });

  it('refuses an empty prompt with no platform, and odd variants, with sentences a person understands', () => {
    const empty = aiGenerateRequestSchema.safeParse({ prompt: ' ', platforms: [] });
    expect(empty.error?.issues[0]?.message).toBe(aiTexts.selectPlatformsOrPrompt);
    expect(
      aiGenerateRequestSchema.safeParse({ platforms: ['reddit'], variants: 4 }).error?.issues[0]?.message,
    ).toBe('variants must be 1, 2, 3 or 5');
    expect(aiGenerateRequestSchema.safeParse({ platforms: ['myspace'] }).error?.issues[0]?.message).toBe(
      'platforms must be reddit, twitter, instagram or tiktok',
    );
  });

  it('says when the quota resets and how to upgrade', () => {
    const message = aiTexts.quotaExceeded('free', 5, 3 * 3600_000 + 5 * 60_000);
    expect(message).toBe(
      'You have used all 5 AI generations for today. Your quota resets at midnight UTC, in 3 hours 5 minutes. Upgrade to Starter for 50 a day or Pro for unlimited generations in Settings.',
    );
  });
});
