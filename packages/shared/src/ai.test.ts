import { describe, expect, it } from 'vitest';
import {
  aiGenerateRequestSchema,
  aiGenerateResponseSchema,
  aiTexts,
  captionText,
  photoNotice,
  twitterLength,
  visibleLength,
} from './ai';

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

  it('takes an optional gallery photo by id, and says what it must be otherwise', () => {
    const mediaId = '0b7f6c52-5d43-4c4c-9d7a-2f1f0a8a1f3e';
    expect(aiGenerateRequestSchema.parse({ platforms: ['reddit'], mediaId }).mediaId).toBe(mediaId);
    expect(aiGenerateRequestSchema.parse({ platforms: ['reddit'] }).mediaId).toBeUndefined();
    const bad = aiGenerateRequestSchema.safeParse({ platforms: ['reddit'], mediaId: 'photo-1' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['mediaId'], message: aiTexts.photoIdInvalid });
    expect(aiTexts.photoIdInvalid).toBe('mediaId must be the id of one of your gallery photos');
  });
});

describe('generate response', () => {
  it('reads an answer without photo (a cached one from before photos) as one that used none', () => {
    const answer = aiGenerateResponseSchema.parse({
      content: [],
      model: 'm',
      tokensUsed: 0,
      cached: true,
      provider: 'offline',
      notice: null,
      quota: { used: 1, limit: 5, remaining: 4, resetsAt: '2026-01-02T00:00:00.000Z', plan: 'free' },
    });
    expect(answer.photo).toBeNull();
  });
});

describe('photo notice', () => {
  const mediaId = '0b7f6c52-5d43-4c4c-9d7a-2f1f0a8a1f3e';
  it('says whether the photo was seen or only its tags were used, and by whom', () => {
    expect(photoNotice({ photo: null, provider: 'offline' })).toBeNull();
    expect(photoNotice({ photo: { mediaId, usedAs: 'image' }, provider: 'openai-compatible' })).toBe(
      aiTexts.photoSeen,
    );
    expect(photoNotice({ photo: { mediaId, usedAs: 'tags' }, provider: 'offline' })).toBe(
      'Written from your prompt and the photo’s tags: the built-in writer does not look at photos.',
    );
    expect(photoNotice({ photo: { mediaId, usedAs: 'tags' }, provider: 'openai-compatible' })).toBe(
      aiTexts.photoFromTextNoVision,
    );
  });
});
