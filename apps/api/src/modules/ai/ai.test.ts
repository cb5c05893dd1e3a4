import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  aiErrorCodes,
  aiGenerateResponseSchema,
  aiTexts,
  type AiGenerateRequest,
  type AiGenerateResponse,
} from '@app/shared/ai';
import { contentGenerations, usageCounters, type UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { TestClient, signedInClient } from '../../../test/test-client.js';
import { createImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { readQuota } from './ai-quota.js';
import { generate as generateWith } from './ai.service.js';

const dayMs = 86_400_000;
const nextUtcMidnight = () => new Date(Math.floor(Date.now() / dayMs) * dayMs + dayMs).toISOString();
let promptCounter = 0;
const uniquePrompt = () => `beach day number ${++promptCounter}`;

describe.each(testDatabaseKinds())('AI generation API (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const db = () => testApp.db();
  const photoDependencies = () => ({
    storage: createMediaStorage(testApp.config().media),
    imageJobs: createImageJobScheduler(),
  });
  async function clientFor(overrides: Partial<UserRow> = {}) {
    const user = await newUser(db(), overrides);
    return { user, client: await signedInClient(testApp.app(), db(), user) };
  }
  const generate = (
    client: TestClient,
    payload: AiGenerateRequest | Record<string, unknown>,
    remoteAddress?: string,
  ) =>
    client.inject({
      method: 'POST',
      url: '/api/ai/generate',
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** Uses up `count` of today's generations directly, as earlier requests would have. */
  async function alreadyUsed(user: UserRow, count: number) {
    await db()
      .insert(usageCounters)
      .values({
        scope: 'ai.generate',
        subject: `user:${user.id}`,
        windowStart: new Date(Math.floor(Date.now() / dayMs) * dayMs),
        count,
      });
  }

  it('writes every platform and variant, saves each as a history item, and counts one generation', async () => {
    const { user, client } = await clientFor();
    const response = await generate(client, {
      prompt: 'my red dress at the beach',
      platforms: ['reddit', 'twitter', 'instagram', 'tiktok'],
      styleHints: ['playful', 'sassy'],
      variants: 2,
    });
    expect(response.statusCode).toBe(200);
    const body = aiGenerateResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      model: 'built-in-writer-2',
      tokensUsed: 0,
      cached: false,
      provider: 'offline',
      notice: null,
    });
    expect(body.quota).toEqual({
      used: 1,
      limit: 5,
      remaining: 4,
      resetsAt: nextUtcMidnight(),
      plan: 'free',
    });
    expect(body.content.map((item) => `${item.platform}${item.variant}`)).toEqual([
      'reddit1',
      'reddit2',
      'twitter1',
      'twitter2',
      'instagram1',
      'instagram2',
      'tiktok1',
      'tiktok2',
    ]);

    const ids = body.content.map((item) => item.generationId!);
    const rows = await db().select().from(contentGenerations).where(inArray(contentGenerations.id, ids));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      const item = body.content.find((candidate) => candidate.generationId === row.id)!;
      expect(row).toMatchObject({
        userId: user.id,
        generationType: 'template',
        platform: item.platform,
        content: item.body,
        titles: item.titles,
        prompt: 'my red dress at the beach',
      });
    }
    const history = await client.inject({ method: 'GET', url: '/api/content-generations' });
    expect(
      history
        .json<{ id: string }[]>()
        .map((item) => item.id)
        .sort(),
    ).toEqual([...ids].sort());
    // The built-in writer's items say so, for the history's "Built-in writer" label.
    expect(
      history.json<{ generationType: string; model: string | null }[]>().map((item) => ({
        generationType: item.generationType,
        model: item.model,
      })),
    ).toEqual(Array(8).fill({ generationType: 'template', model: 'offline' }));
  });

  it('tells anyone, before generating, that the built-in writer writes on this install', async () => {
    const response = await new TestClient(testApp.app()).inject({ method: 'GET', url: '/api/ai/writer' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      provider: 'offline',
      model: 'built-in-writer-2',
      label: 'Built-in writer',
    });
  });

  it('answers an identical request from the cache without using quota', async () => {
    const { client } = await clientFor();
    const request = {
      prompt: '  Gym selfie ',
      platforms: ['twitter'],
      styleHints: ['bold', 'confident'],
      variants: 3,
    } as const;
    const first = (await generate(client, request)).json<AiGenerateResponse>();
    const again = (
      await generate(client, { ...request, prompt: 'Gym selfie', styleHints: ['confident', 'bold'] })
    ).json<AiGenerateResponse>();
    expect(again.cached).toBe(true);
    expect(again.content).toEqual(first.content);
    expect(again.quota.used).toBe(1);
    const quota = await client.inject({ method: 'GET', url: '/api/ai/quota' });
    expect(quota.json()).toMatchObject({ used: 1, limit: 5, remaining: 4, plan: 'free' });
    const different = (await generate(client, { ...request, variants: 2 })).json<AiGenerateResponse>();
    expect(different.cached).toBe(false);
    expect(different.quota.used).toBe(2);
  });

  it('does not name a deleted history item when a cached answer is served again', async () => {
    const { client } = await clientFor();
    const request = { prompt: uniquePrompt(), platforms: ['tiktok'] } as const;
    const first = (await generate(client, request)).json<AiGenerateResponse>();
    const id = first.content[0]!.generationId!;
    expect(
      (await client.inject({ method: 'DELETE', url: `/api/content-generations/${id}` })).statusCode,
    ).toBe(204);
    const again = (await generate(client, request)).json<AiGenerateResponse>();
    expect(again.cached).toBe(true);
    expect(again.content[0]!.generationId).toBeNull();
  });

  it('writes for Reddit when a prompt comes without platforms (spec 5)', async () => {
    const { client } = await clientFor();
    const body = (await generate(client, { prompt: uniquePrompt() })).json<AiGenerateResponse>();
    expect(body.content.map((item) => item.platform)).toEqual(['reddit']);
  });

  it.each([
    [{}, `prompt: ${aiTexts.selectPlatformsOrPrompt}`],
    [{ prompt: '', platforms: [] }, `prompt: ${aiTexts.selectPlatformsOrPrompt}`],
    [{ platforms: ['reddit'], variants: 4 }, 'variants: variants must be 1, 2, 3 or 5'],
    [{ platforms: ['facebook'] }, 'platforms.0: platforms must be reddit, twitter, instagram or tiktok'],
    [
      { platforms: ['reddit'], styleHints: ['grumpy'] },
      'styleHints.0: styleHints must be authentic, playful, confident, mysterious, bold or sassy',
    ],
    [{ prompt: 'x'.repeat(1001), platforms: ['reddit'] }, 'prompt: prompt must be at most 1000 characters'],
    [
      { platforms: ['reddit'], subreddit: 'not a name!' },
      'subreddit: subreddit must be a community name such as r/selfie (2–21 letters, digits or _)',
    ],
    [{ platforms: ['reddit'], tone: 'x' }, 'tone: this field is not allowed. Remove it and try again.'],
  ])('refuses %j with a clear 400 and uses no quota', async (payload, message) => {
    const { client } = await clientFor();
    const response = await generate(client, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect((await client.inject({ method: 'GET', url: '/api/ai/quota' })).json().used).toBe(0);
  });

  it('refuses a body that is not JSON, and a request without the CSRF token', async () => {
    const { client } = await clientFor();
    const notJson = await client.inject({
      method: 'POST',
      url: '/api/ai/generate',
      payload: '{"prompt":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const noCsrf = await client.inject(
      { method: 'POST', url: '/api/ai/generate', payload: { prompt: 'hi' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('applies the target subreddit title rules from the communities data', async () => {
    const community = await newCommunity(db(), {
      titleRules: ['Gender tag such as [F], [M] or [MF] required in the title', 'No emojis in titles'],
      watermarksAllowed: false,
    });
    const { client } = await clientFor();
    const body = (
      await generate(client, {
        prompt: 'mirror selfie [M]',
        platforms: ['reddit', 'twitter'],
        styleHints: ['sassy'],
        variants: 5,
        subreddit: `r/${community.name.toUpperCase()}`,
      })
    ).json<AiGenerateResponse>();
    const reddit = body.content.filter((item) => item.platform === 'reddit');
    expect(reddit).toHaveLength(5);
    for (const item of reddit) {
      expect(item.subreddit).toBe(community.name);
      for (const title of item.titles) {
        expect(title).toContain('[M]');
        expect(title).not.toMatch(/\p{Extended_Pictographic}/u);
      }
      expect(item.photoInstructions).toContain('without a watermark');
    }
    expect(
      body.content.filter((item) => item.platform === 'twitter').every((item) => item.subreddit === null),
    ).toBe(true);
  });

  describe('daily quota', () => {
    it('gives Free 5 a day, then 429 saying when it resets and how to upgrade', async () => {
      const { user, client } = await clientFor();
      await alreadyUsed(user, 4);
      expect(
        (await generate(client, { prompt: uniquePrompt() })).json<AiGenerateResponse>().quota,
      ).toMatchObject({ used: 5, remaining: 0 });
      const refused = await generate(client, { prompt: uniquePrompt() });
      expect(refused.statusCode).toBe(429);
      const error = refused.json<{ message: string; code: string; resetsAt: string }>();
      expect(error.code).toBe(aiErrorCodes.quotaExceeded);
      expect(error.resetsAt).toBe(nextUtcMidnight());
      const secondsLeft = (Date.parse(error.resetsAt) - Date.now()) / 1000;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(Math.floor(secondsLeft));
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(secondsLeft) + 5);
      expect(error.message).toMatch(
        /^You have used all 5 AI generations for today\. Your quota resets at midnight UTC, in \d+ (hours?|minutes?)/,
      );
      expect(error.message).toContain(
        'Upgrade to Starter for 50 a day or Pro for unlimited generations in Settings.',
      );
      expect((await client.inject({ method: 'GET', url: '/api/ai/quota' })).json()).toMatchObject({
        used: 5,
        limit: 5,
        remaining: 0,
      });
    });

    it('never lets parallel requests exceed the limit', async () => {
      const { user, client } = await clientFor();
      await client.fetchCsrfToken();
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          generate(client, { prompt: uniquePrompt(), platforms: ['twitter'] }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
      const saved = await db()
        .select()
        .from(contentGenerations)
        .where(eq(contentGenerations.userId, user.id));
      expect(saved).toHaveLength(5);
    });

    it('gives Starter 50 a day, also under parallel requests', async () => {
      const { user, client } = await clientFor({ tier: 'starter' });
      await alreadyUsed(user, 48);
      await client.fetchCsrfToken();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => generate(client, { prompt: uniquePrompt() })),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
      const refused = responses.find((response) => response.statusCode === 429)!;
      expect(refused.json().message).toContain('You have used all 50 AI generations for today.');
      expect(refused.json().message).toContain('Upgrade to Pro in Settings for unlimited generations.');
    });

    it.each([
      ['Pro', { tier: 'pro' as const }, 'pro'],
      ['an admin on the Free plan', { isAdmin: true }, 'admin'],
    ])('does not limit %s', async (_name, overrides, plan) => {
      const { user, client } = await clientFor(overrides);
      await alreadyUsed(user, 10_000);
      const response = await generate(client, { prompt: uniquePrompt() });
      expect(response.statusCode).toBe(200);
      expect(response.json<AiGenerateResponse>().quota).toMatchObject({
        used: 10_001,
        limit: null,
        remaining: null,
        plan,
      });
    });

    it('refuses banned accounts', async () => {
      const { client } = await clientFor({ bannedAt: new Date() });
      const response = await generate(client, { prompt: uniquePrompt() });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_BANNED');
    });
  });

  describe('signed-out visitors', () => {
    it('get a small allowance per address, and nothing is saved', async () => {
      const visitor = new TestClient(testApp.app());
      const address = '203.0.113.7';
      const first = await generate(visitor, { prompt: uniquePrompt(), platforms: ['instagram'] }, address);
      expect(first.statusCode).toBe(200);
      const body = first.json<AiGenerateResponse>();
      expect(body.content[0]!.generationId).toBeNull();
      expect(body.quota).toMatchObject({ used: 1, limit: 3, plan: 'visitor' });
      expect((await generate(visitor, { prompt: uniquePrompt() }, address)).statusCode).toBe(200);
      expect((await generate(visitor, { prompt: uniquePrompt() }, address)).statusCode).toBe(200);
      const refused = await generate(visitor, { prompt: uniquePrompt() }, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain('You have used all 3 AI generations for today.');
      expect(refused.json().message).toContain('Sign up free for 5 generations a day');

      const elsewhere = await generate(
        new TestClient(testApp.app()),
        { prompt: uniquePrompt() },
        '198.51.100.20',
      );
      expect(elsewhere.statusCode).toBe(200);
      const quota = await visitor.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress: address });
      expect(quota.json()).toEqual({
        used: 3,
        limit: 3,
        remaining: 0,
        resetsAt: nextUtcMidnight(),
        plan: 'visitor',
      });
    });
  });

  it('gives the generation back and answers 503 when nothing could be written', async () => {
    const { user } = await clientFor();
    const emptyWriter = {
      identity: 'empty',
      acceptsImages: false,
      provider: 'offline' as const,
      model: 'm',
      write: async () => ({
        results: [],
        model: 'm',
        tokensUsed: 0,
        provider: 'offline' as const,
        notice: null,
        failure: null,
      }),
    };
    const requester = { user, subject: `user:${user.id}` };
    const failure = await generateWith(
      { db: db(), writer: emptyWriter, cacheTtlSeconds: 600, photos: photoDependencies() },
      requester,
      { prompt: 'x', platforms: ['reddit'], styleHints: [], variants: 1 },
      testApp.app().log,
    ).catch((error: unknown) => error as { statusCode: number });
    expect(failure).toMatchObject({ statusCode: 503 });
    expect((await readQuota(db(), requester)).used).toBe(0);
  });

  it('gives the generation back when writing fails', async () => {
    const { user } = await clientFor();
    const failingWriter = {
      identity: 'failing',
      acceptsImages: false,
      provider: 'offline' as const,
      model: 'm',
      write: async () => Promise.reject(new Error('writer broke')),
    };
    const requester = { user, subject: `user:${user.id}` };
    await expect(
      generateWith(
        { db: db(), writer: failingWriter, cacheTtlSeconds: 600, photos: photoDependencies() },
        requester,
        { prompt: 'x', platforms: ['reddit'], styleHints: [], variants: 1 },
        testApp.app().log,
      ),
    ).rejects.toThrow('writer broke');
    expect((await readQuota(db(), requester)).used).toBe(0);
    const saved = await db()
      .select()
      .from(contentGenerations)
      .where(and(eq(contentGenerations.userId, user.id)));
    expect(saved).toHaveLength(0);
  });
});
