import { describe, expect, it } from 'vitest';
import { redditAccountLimitFor } from './plans';
import {
  schedulePostRequestSchema,
  scheduledAtFor,
  scheduledPostListQuerySchema,
  scheduledPostListTexts,
  scheduleTexts,
} from './posts';

describe('schedule time choices', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  it('sends no time for optimal and now, offsets from now for 1h..24h', () => {
    expect(scheduledAtFor('optimal', now)).toBeUndefined();
    expect(scheduledAtFor('now', now)).toBeUndefined();
    expect(scheduledAtFor('1h', now)).toBe('2026-03-01T11:00:00.000Z');
    expect(scheduledAtFor('24h', now)).toBe('2026-03-02T10:00:00.000Z');
    expect(scheduledAtFor('custom', now, new Date('2026-04-01T08:30:00Z'))).toBe('2026-04-01T08:30:00.000Z');
  });
});

describe('schedule request', () => {
  it("answers the spec's message when subreddit or title is missing", () => {
    for (const input of [
      { title: 'x' },
      { subreddit: 'x' },
      { subreddit: ' ', title: 'x' },
      { subreddit: 'a', title: '  ' },
    ]) {
      const result = schedulePostRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(scheduleTexts.missingInformation);
    }
  });
  it('strips an r/ prefix and drops an empty body', () => {
    const parsed = schedulePostRequestSchema.parse({ subreddit: 'r/Selfie', title: 'Hi', body: '  ' });
    expect(parsed).toEqual({ subreddit: 'Selfie', title: 'Hi', body: undefined, scheduledAt: undefined });
  });
  it('takes null body and scheduledAt as absent (the server decides the time)', () => {
    const parsed = schedulePostRequestSchema.parse({
      subreddit: 'a',
      title: 'b',
      body: null,
      scheduledAt: null,
    });
    expect(parsed.body).toBeUndefined();
    expect(parsed.scheduledAt).toBeUndefined();
  });
});

describe('Reddit accounts per plan', () => {
  it('is 1, 3 and unlimited; admins are unlimited', () => {
    expect(redditAccountLimitFor({ tier: 'free', isAdmin: false, role: 'user' })).toBe(1);
    expect(redditAccountLimitFor({ tier: 'starter', isAdmin: false, role: 'user' })).toBe(3);
    expect(redditAccountLimitFor({ tier: 'pro', isAdmin: false, role: 'user' })).toBeNull();
    expect(redditAccountLimitFor({ tier: 'free', isAdmin: true, role: 'user' })).toBeNull();
  });
});

describe('scheduled post list query', () => {
  it('takes pending or done, or no status at all', () => {
    expect(scheduledPostListQuerySchema.parse({ status: 'pending' })).toEqual({
      status: 'pending',
      limit: 50,
    });
    expect(scheduledPostListQuerySchema.parse({ status: 'done', limit: '5' })).toMatchObject({ limit: 5 });
    expect(scheduledPostListQuerySchema.parse({}).status).toBeUndefined();
  });
  it('refuses any other status with the one text that names both', () => {
    for (const status of ['sent', 'failed', 'Pending', '', 'pending,done', ['pending', 'done']]) {
      const result = scheduledPostListQuerySchema.safeParse({ status });
      expect(result.success, String(status)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(scheduledPostListTexts.statusInvalid);
    }
  });
});
