import { describe, expect, it } from 'vitest';
import type { AiGenerateResponse } from '@app/shared/ai';
import {
  brandVoiceResponseSchema,
  brandVoiceTexts,
  defaultBrandVoice,
  type BrandVoiceSettings,
} from '@app/shared/brand-voice';
import { newCommunity } from '../../../test/factories/communities.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { requestKey, voiceHash } from '../ai/ai-cache.js';
import { toGenerationVoice } from './brand-voice.service.js';

const url = '/api/user/brand-voice';
const messages = brandVoiceTexts.messages;

const lunaVoice: BrandVoiceSettings = {
  signature: 'Luna',
  promoLink: '@lunafox',
  useWords: ['babe', 'xoxo'],
  avoidWords: ['cheap'],
  useEmojis: ['🦊', '✨'],
  avoidEmojis: ['🍆'],
  emojiLevel: 'high',
  samples: ['Sunday mornings are for slow coffee and soft light ✨', 'Told you I would be back, babe 🦊'],
};

describe.each(testDatabaseKinds())('brand voice API (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const read = async (client: TestClient) => {
    const response = await client.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return brandVoiceResponseSchema.parse(response.json()).voice;
  };
  const put = (client: TestClient, payload: unknown, options?: { csrf: boolean }) =>
    client.inject({ method: 'PUT', url, payload: payload as Record<string, unknown> }, options);

  it('answers the defaults before anything was saved', async () => {
    const { client } = await testApp.signedIn();
    expect(await read(client)).toEqual(defaultBrandVoice);
  });

  it('saves the whole voice cleaned (trimmed, blanks and repeats left out) and reads it back', async () => {
    const { client } = await testApp.signedIn();
    const saved = await put(client, {
      ...lunaVoice,
      signature: '  Luna ',
      useWords: ['babe', ' Babe', '', 'xoxo'],
      useEmojis: ['🦊', '✨', '🦊'],
      samples: [...lunaVoice.samples, '   '],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ voice: lunaVoice });
    expect(await read(client)).toEqual(lunaVoice);

    // A PUT is the whole voice: what is left out is cleared.
    const replaced = await put(client, { signature: 'Luna' });
    expect(replaced.json().voice).toEqual({ ...defaultBrandVoice, signature: 'Luna' });
    expect(await read(client)).toEqual({ ...defaultBrandVoice, signature: 'Luna' });
  });

  it.each([
    [{ signature: 'x'.repeat(41) }, `signature: ${messages.signatureTooLong}`],
    [{ promoLink: 'my onlyfans' }, `promoLink: ${messages.promoLinkFormat}`],
    [{ promoLink: '<script>alert(1)</script>' }, `promoLink: ${messages.promoLinkFormat}`],
    [{ useWords: Array.from({ length: 21 }, (_, i) => `word${i}`) }, `useWords: ${messages.tooManyUseWords}`],
    [{ avoidWords: ['fine', 'x'.repeat(31)] }, `avoidWords.1: ${messages.wordTooLong}`],
    [{ useEmojis: ['🔥', 'fire'] }, `useEmojis.1: ${messages.notAnEmoji}`],
    [{ emojiLevel: 'lots' }, `emojiLevel: ${messages.emojiLevel}`],
    [{ samples: ['a', 'b', 'c', 'd', 'e', 'f'] }, `samples: ${messages.tooManySamples}`],
    [{ samples: ['x'.repeat(501)] }, `samples.0: ${messages.sampleTooLong}`],
    [{ tone: 'sweet' }, 'tone: this field is not allowed. Remove it and try again.'],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (payload, message) => {
    const { client } = await testApp.signedIn();
    expect((await put(client, lunaVoice)).statusCode).toBe(200);
    const refused = await put(client, { ...lunaVoice, ...payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await read(client)).toEqual(lunaVoice);
  });

  it("never shows one user's voice to another", async () => {
    const first = await testApp.signedIn();
    const second = await testApp.signedIn();
    expect((await put(first.client, lunaVoice)).statusCode).toBe(200);
    expect(await read(second.client)).toEqual(defaultBrandVoice);
    expect((await put(second.client, { signature: 'Nova' })).statusCode).toBe(200);
    expect(await read(first.client)).toEqual(lunaVoice);
  });

  it('needs the CSRF token to save, and a signed-in user for both calls', async () => {
    const { client } = await testApp.signedIn();
    const noToken = await put(client, lunaVoice, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_INVALID');
    expect(await read(client)).toEqual(defaultBrandVoice);

    const anonymous = new TestClient(testApp.app());
    const anonymousRead = await anonymous.inject({ method: 'GET', url });
    expect(anonymousRead.statusCode).toBe(401);
    expect(anonymousRead.json().message).toBe('Access token required');
    expect((await put(anonymous, lunaVoice)).statusCode).toBe(401);
  });

  describe('in POST /api/ai/generate', () => {
    const generate = (client: TestClient, payload: Record<string, unknown>) =>
      client.inject({ method: 'POST', url: '/api/ai/generate', payload });
    const textOf = (item: AiGenerateResponse['content'][number]) => [...item.titles, item.body].join('\n');

    it('signs and promotes on Instagram, and keeps the handle out of a subreddit whose rules forbid links', async () => {
      const noLinks = await newCommunity(testApp.db(), {
        contentRules: ['No links or self-promotion in comments'],
      });
      const linksWelcome = await newCommunity(testApp.db(), { contentRules: ['Be kind'] });
      const { client } = await testApp.signedIn();
      expect((await put(client, { signature: 'Luna', promoLink: '@lunafox' })).statusCode).toBe(200);

      const banned = await generate(client, {
        prompt: 'my red dress at the beach',
        platforms: ['reddit', 'instagram'],
        variants: 3,
        subreddit: noLinks.name,
      });
      expect(banned.statusCode).toBe(200);
      const body = banned.json<AiGenerateResponse>();
      const instagram = body.content.filter((item) => item.platform === 'instagram');
      const reddit = body.content.filter((item) => item.platform === 'reddit');
      expect(instagram).toHaveLength(3);
      expect(reddit).toHaveLength(3);
      for (const item of instagram) {
        expect(item.body).toContain('Luna');
        expect(item.body).toContain('@lunafox');
      }
      for (const item of reddit) {
        expect(item.body).toContain('Luna');
        expect(textOf(item)).not.toContain('@lunafox');
      }

      // The same voice where links are welcome: the handle goes in the Reddit body (never a title).
      const welcome = (
        await generate(client, {
          prompt: 'my red dress at the beach',
          platforms: ['reddit'],
          variants: 3,
          subreddit: linksWelcome.name,
        })
      ).json<AiGenerateResponse>();
      for (const item of welcome.content) {
        expect(item.body).toContain('@lunafox');
        for (const title of item.titles) expect(title).not.toContain('@lunafox');
      }

      // Someone without a voice gets neither.
      const other = await testApp.signedIn();
      const plain = (
        await generate(other.client, { prompt: 'my red dress at the beach', platforms: ['instagram'] })
      ).json<AiGenerateResponse>();
      expect(textOf(plain.content[0]!)).not.toMatch(/Luna|@lunafox/);
    });

    it('answers afresh after the voice changes, never from the cache of the old voice', async () => {
      const { client } = await testApp.signedIn();
      const request = { prompt: 'gym selfie after leg day', platforms: ['instagram', 'twitter'] };
      expect((await put(client, { signature: 'Luna' })).statusCode).toBe(200);
      const first = (await generate(client, request)).json<AiGenerateResponse>();
      expect(first.cached).toBe(false);
      expect(first.content.every((item) => item.body.includes('Luna'))).toBe(true);
      expect((await generate(client, request)).json<AiGenerateResponse>().cached).toBe(true);

      expect((await put(client, { signature: 'Nova', promoLink: 'onlyfans.com/nova' })).statusCode).toBe(200);
      const edited = (await generate(client, request)).json<AiGenerateResponse>();
      expect(edited.cached).toBe(false);
      expect(edited.quota.used).toBe(2);
      for (const item of edited.content) {
        expect(item.body).toContain('Nova');
        expect(item.body).toContain('onlyfans.com/nova');
        expect(item.body).not.toContain('Luna');
      }
    });
  });
});

describe('the voice the writers receive', () => {
  it('carries only what the creator set, and is left out when nothing is', () => {
    expect(toGenerationVoice(defaultBrandVoice)).toBeUndefined();
    expect(toGenerationVoice({ ...defaultBrandVoice, emojiLevel: 'none' })).toEqual({ emojiLevel: 'none' });
    expect(toGenerationVoice({ ...defaultBrandVoice, signature: 'Luna', useEmojis: ['🦊'] })).toEqual({
      signature: 'Luna',
      useEmojis: ['🦊'],
      emojiLevel: 'medium',
    });
    expect(toGenerationVoice(lunaVoice)).toEqual(lunaVoice);
  });

  it('changes the cache key with the voice, whatever order its fields come in', () => {
    const input = { prompt: 'beach', platforms: ['reddit' as const], styleHints: [], variants: 1 as const };
    const luna = toGenerationVoice(lunaVoice)!;
    const reordered = Object.fromEntries(Object.entries(luna).reverse());
    expect(voiceHash(reordered)).toBe(voiceHash(luna));
    expect(requestKey(input, 'offline', { voice: luna })).toBe(
      requestKey(input, 'offline', { voice: reordered }),
    );
    expect(requestKey(input, 'offline', { voice: luna })).not.toBe(requestKey(input, 'offline'));
    expect(requestKey(input, 'offline', { voice: luna })).not.toBe(
      requestKey(input, 'offline', { voice: { ...luna, samples: ['Another caption of mine'] } }),
    );
  });
});
