import { describe, expect, it } from 'vitest';
import { schedulePostRequestSchema } from './posts';
import { containsLink, firstCommentTexts } from './posts-first-comment';

describe('containsLink', () => {
  it.each([
    'https://example.com',
    'see www.foo.bar',
    'More at example.com/me',
    'linktr.ee/x',
    '(onlyfans.com)',
    'visit EXAMPLE.COM.',
    'http://x',
  ])('finds a link in %j', (text) => expect(containsLink(text)).toBe(true));

  it.each(['Thanks for looking!', 'e.g. this', 'I love it.Really', 'hello.world', '3.14', 'Dr. Who'])(
    'finds none in %j',
    (text) => expect(containsLink(text)).toBe(false),
  );

  it('checks hostile 10,000-character comments quickly', () => {
    for (const text of ['.'.repeat(9999) + 'x', 'a.'.repeat(5000), ('a'.repeat(60) + '.').repeat(160)]) {
      const started = performance.now();
      expect(containsLink(text)).toBe(false);
      expect(performance.now() - started).toBeLessThan(20);
    }
  });
});

describe('first comment in the schedule request', () => {
  const base = { subreddit: 'selfie', title: 'Hi' };
  it('is trimmed, and empty means none', () => {
    expect(schedulePostRequestSchema.parse({ ...base, firstComment: '  hi  ' }).firstComment).toBe('hi');
    expect(schedulePostRequestSchema.parse({ ...base, firstComment: '  ' }).firstComment).toBeUndefined();
    expect(schedulePostRequestSchema.parse({ ...base, firstComment: null }).firstComment).toBeUndefined();
  });
  it('takes whole minutes 0–60 as the delay', () => {
    expect(schedulePostRequestSchema.safeParse({ ...base, firstCommentDelayMinutes: 0 }).success).toBe(true);
    expect(schedulePostRequestSchema.safeParse({ ...base, firstCommentDelayMinutes: 60 }).success).toBe(true);
    const bad = schedulePostRequestSchema.safeParse({ ...base, firstCommentDelayMinutes: 61 });
    expect(bad.error?.issues[0]?.message).toBe(firstCommentTexts.delayInvalid);
  });
});
