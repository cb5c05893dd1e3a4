import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiTexts, type AiGenerateResponse } from '@app/shared/ai';
import { contentGenerations } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient } from '../../../test/test-client.js';
import { userText } from '../../../test/stand-ins/openai.js';

describe.each(testDatabaseKinds())('AI generation with an OpenAI-compatible service (%s)', (kind) => {
  const testApp = useTestApp(kind, {
    standIns: { openai: true },
    env: { AI_MODEL: 'stand-in-model', AI_TIMEOUT_MS: '1000' },
  });
  const standIn = testApp.openai;

  async function signedIn() {
    const user = await newUser(testApp.db());
    return { user, client: await signedInClient(testApp.app(), testApp.db(), user) };
  }

  it("saves the service's results as AI history with its model and token count", async () => {
    const { user, client } = await signedIn();
    const response = await client.inject({
      method: 'POST',
      url: '/api/ai/generate',
      payload: { prompt: 'coffee date', platforms: ['twitter', 'reddit'], variants: 2 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AiGenerateResponse>();
    expect(body).toMatchObject({
      provider: 'openai-compatible',
      model: 'stand-in-model',
      tokensUsed: 200,
      notice: null,
      cached: false,
    });
    expect(body.content.map((item) => item.body)).toEqual([
      'Stand-in twitter caption number 1.',
      'Stand-in twitter caption number 2.',
      'Stand-in reddit caption number 1.',
      'Stand-in reddit caption number 2.',
    ]);
    const rows = await testApp
      .db()
      .select()
      .from(contentGenerations)
      .where(eq(contentGenerations.userId, user.id));
    expect(rows.map((row) => [row.generationType, row.model, row.tokensUsed])).toEqual(
      Array(4).fill(['ai', 'stand-in-model', 200]),
    );
    expect(standIn().requests).toHaveLength(1);
    const history = await client.inject({ method: 'GET', url: '/api/content-generations' });
    expect(history.json<{ model: string | null }[]>().map((item) => item.model)).toEqual(
      Array(4).fill('stand-in-model'),
    );
  });

  it('names the configured model as the writer, before anything is generated', async () => {
    const { client } = await signedIn();
    const response = await client.inject({ method: 'GET', url: '/api/ai/writer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'openai-compatible',
      model: 'stand-in-model',
      label: 'stand-in-model',
    });
    expect(standIn().requests).toHaveLength(0);
  });

  it('falls back to the built-in writer when the service fails, says so, and does not cache that answer', async () => {
    const { user, client } = await signedIn();
    standIn().mode = 'error500';
    const payload = { prompt: 'coffee date', platforms: ['instagram'], variants: 3 };
    const response = await client.inject({ method: 'POST', url: '/api/ai/generate', payload });
    expect(response.statusCode).toBe(200);
    const body = response.json<AiGenerateResponse>();
    expect(body).toMatchObject({
      provider: 'offline',
      model: 'built-in-writer-2',
      tokensUsed: 0,
      notice: aiTexts.offlineFallback,
    });
    expect(body.content).toHaveLength(3);
    const rows = await testApp
      .db()
      .select()
      .from(contentGenerations)
      .where(eq(contentGenerations.userId, user.id));
    expect(rows.every((row) => row.generationType === 'template')).toBe(true);

    standIn().mode = 'good';
    const retried = (
      await client.inject({ method: 'POST', url: '/api/ai/generate', payload })
    ).json<AiGenerateResponse>();
    expect(retried).toMatchObject({ cached: false, provider: 'openai-compatible', notice: null });
    expect(retried.quota.used).toBe(2);
  });

  it('falls back within the time limit when the service hangs', async () => {
    const { client } = await signedIn();
    standIn().mode = 'slow';
    standIn().slowMs = 10_000;
    const started = Date.now();
    const response = await client.inject({
      method: 'POST',
      url: '/api/ai/generate',
      payload: { prompt: 'late night', platforms: ['tiktok'] },
    });
    expect(response.json<AiGenerateResponse>().provider).toBe('offline');
    expect(standIn().requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("sends the creator's brand voice with the task, and none for someone without one", async () => {
    const { client } = await signedIn();
    const saved = await client.inject({
      method: 'PUT',
      url: '/api/user/brand-voice',
      payload: { signature: 'Luna', promoLink: '@lunafox', avoidEmojis: ['🍆'], emojiLevel: 'low' },
    });
    expect(saved.statusCode).toBe(200);
    const payload = { prompt: 'coffee date', platforms: ['instagram'] };
    await client.inject({ method: 'POST', url: '/api/ai/generate', payload });
    const other = await signedIn();
    await other.client.inject({ method: 'POST', url: '/api/ai/generate', payload });

    const tasks = standIn().requests.map(
      (request) => JSON.parse(userText(request.body) || '{}') as Record<string, unknown>,
    );
    expect(tasks).toHaveLength(2);
    expect(tasks[0]!.voice).toEqual({
      signature: 'Luna',
      promoLink: '@lunafox',
      avoidEmojis: ['🍆'],
      emojiLevel: 'low',
    });
    expect(tasks[1]).not.toHaveProperty('voice');
  });
});
