import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiTexts, captionText, platformLength, platformLimits } from '@app/shared/ai';
import {
  OpenAiStandIn,
  standInSeenPhrase,
  userText,
  type ContentPart,
} from '../../../test/stand-ins/openai.js';
import { phonePhoto } from '../../modules/media/media.test-support.js';
import { visionCopy } from '../image/vision-copy.js';
import { ProviderFailure, type GenerationTask } from './caption-provider.js';
import { createCaptionWriter } from './caption-writer.js';
import { createOfflineProvider, offlineModelName } from './offline/offline-generator.js';
import { createOpenAiCompatibleProvider, unfence } from './openai-compatible-provider.js';
import { violations } from './platform-fit.js';
import { parseTitleRules } from './title-rules.js';

const task: GenerationTask = {
  prompt: 'sunset at the pier',
  platforms: ['reddit', 'twitter'],
  styleHints: ['mysterious'],
  variants: 2,
  subreddit: parseTitleRules({
    name: 'gonewild',
    titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'],
    watermarksAllowed: false,
    verificationRequired: true,
  }),
};

describe('OpenAI-compatible provider against a local stand-in server', () => {
  let standIn: OpenAiStandIn;
  const provider = (overrides: { timeoutMs?: number; apiKey?: string } = {}) =>
    createOpenAiCompatibleProvider({
      baseUrl: standIn.baseUrl,
      apiKey: standIn.apiKey,
      model: 'stand-in-model',
      timeoutMs: 2_000,
      ...overrides,
    });

  beforeAll(async () => {
    standIn = await OpenAiStandIn.start();
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.reset());

  it('sends one structured-output request with the key, the model and the task, and returns the validated answer', async () => {
    const result = await provider().generate(task);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe(`Bearer ${standIn.apiKey}`);
    expect(request!.body.model).toBe('stand-in-model');
    expect(request!.body.response_format?.type).toBe('json_schema');
    expect(request!.body.response_format?.json_schema?.strict).toBe(true);
    const sent = JSON.parse(userText(request!.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({
      prompt: 'sunset at the pier',
      platforms: ['reddit', 'twitter'],
      styles: ['mysterious'],
      variantsPerPlatform: 2,
    });
    expect(sent.subreddit).toMatchObject({ name: 'gonewild' });

    expect(result.model).toBe('stand-in-model');
    expect(result.tokensUsed).toBe(200);
    expect(result.drafts.map((draft) => draft.platform)).toEqual(['reddit', 'reddit', 'twitter', 'twitter']);
    expect(result.drafts[2]).toMatchObject({
      body: 'Stand-in twitter caption number 1.',
      hashtags: ['standin', 'variant1'],
      confidence: 0.9,
    });
  });

  it('puts the brand voice and the link rule in the request, and the rules for using them in the instructions', async () => {
    const voice = {
      signature: 'Luna',
      promoLink: 'onlyfans.com/luna',
      useWords: ['babe'],
      avoidWords: ['daddy'],
      useEmojis: ['🍓'],
      avoidEmojis: ['🍆'],
      emojiLevel: 'low' as const,
      samples: ['Spoil me a little, babe 🍓'],
    };
    await provider().generate({ ...task, voice });
    const messages = standIn.requests[0]!.body.messages!;
    const sent = JSON.parse(userText(standIn.requests[0]!.body)) as {
      voice: unknown;
      subreddit: { linksAllowed: boolean };
    };
    expect(sent.voice).toEqual(voice);
    expect(sent.subreddit.linksAllowed).toBe(true);
    const instructions = messages[0]!.content;
    expect(instructions).toMatch(/signature/);
    expect(instructions).toMatch(/avoidWords/);
    expect(instructions).toMatch(/emojiLevel/);
    expect(instructions).toMatch(/promoLink: never in a Reddit title/);
    expect(instructions).toMatch(/Keep every number, price, percentage/);

    standIn.reset();
    await provider().generate(task);
    expect(JSON.parse(userText(standIn.requests[0]!.body))).not.toHaveProperty('voice');
  });

  it('retries once after a malformed answer, then uses the good one', async () => {
    standIn.answerNext('malformed');
    const result = await provider().generate(task);
    expect(standIn.requests).toHaveLength(2);
    expect(result.drafts).toHaveLength(4);
  });

  it('fails as malformed after two answers that are not JSON or not the schema', async () => {
    standIn.answerNext('malformed', 'wrong-shape');
    const failure = await provider()
      .generate(task)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderFailure);
    expect((failure as ProviderFailure).reason).toBe('malformed');
    expect(standIn.requests).toHaveLength(2);
  });

  it('fails as http 500 after one retry', async () => {
    standIn.mode = 'error500';
    const failure = (await provider()
      .generate(task)
      .catch((error: unknown) => error)) as ProviderFailure;
    expect(failure.reason).toBe('http');
    expect(failure.status).toBe(500);
    expect(standIn.requests).toHaveLength(2);
  });

  it('times out each attempt and fails as timeout after one retry', async () => {
    standIn.mode = 'slow';
    standIn.slowMs = 5_000;
    const started = Date.now();
    const failure = (await provider({ timeoutMs: 300 })
      .generate(task)
      .catch((error: unknown) => error)) as ProviderFailure;
    expect(failure.reason).toBe('timeout');
    expect(standIn.requests).toHaveLength(2);
    // Two attempts of 300 ms, not the stand-in's five seconds.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('does not retry a refused key', async () => {
    const failure = (await provider({ apiKey: 'sk-wrong' })
      .generate(task)
      .catch((error: unknown) => error)) as ProviderFailure;
    expect(failure.reason).toBe('http');
    expect(failure.status).toBe(401);
    expect(standIn.requests).toHaveLength(1);
  });

  describe('with a photo', () => {
    const visionProvider = () =>
      createOpenAiCompatibleProvider({
        baseUrl: standIn.baseUrl,
        apiKey: standIn.apiKey,
        model: 'stand-in-vision',
        timeoutMs: 2_000,
        vision: true,
      });
    const photoTask = async (): Promise<GenerationTask> => ({
      ...task,
      photo: { tags: ['robe', 'satin'], dataUrl: (await visionCopy(await phonePhoto(1600, 1200))).dataUrl },
    });

    it('sends the photo as a low-detail image part after the text, and says so in the instructions', async () => {
      const provider = visionProvider();
      expect(provider.acceptsImages).toBe(true);
      const result = await provider.generate(await photoTask());
      const [request] = standIn.requests;
      const [system, user] = request!.body.messages!;
      expect(system!.content).toMatch(/write from what it shows together with the prompt/);
      expect(system!.content).toMatch(/never describe anything explicit/);
      expect(Array.isArray(user!.content)).toBe(true);
      expect((user!.content as ContentPart[]).map((part) => part.type)).toEqual(['text', 'image_url']);
      expect(JSON.parse(userText(request!.body))).toMatchObject({ photoTags: ['robe', 'satin'] });
      expect(request!.images).toEqual([
        expect.objectContaining({ detail: 'low', format: 'jpeg', width: 576, height: 768, problem: null }),
      ]);
      expect(result.drafts.every((draft) => draft.body.includes(standInSeenPhrase))).toBe(true);
    });

    it('sends only the tags, as text, when the model does not accept images', async () => {
      const textOnly = provider();
      expect(textOnly.acceptsImages).toBe(false);
      const result = await textOnly.generate(await photoTask());
      const [system, user] = standIn.requests[0]!.body.messages!;
      expect(typeof user!.content).toBe('string');
      expect(system!.content).not.toMatch(/attached image/);
      expect(JSON.parse(userText(standIn.requests[0]!.body))).toMatchObject({ photoTags: ['robe', 'satin'] });
      expect(standIn.requests[0]!.images).toEqual([]);
      expect(result.drafts.some((draft) => draft.body.includes(standInSeenPhrase))).toBe(false);
    });

    it('fails without retrying when the service refuses the image', async () => {
      const tooLarge = await sharp({
        create: { width: 1000, height: 800, channels: 3, background: '#aa3344' },
      })
        .jpeg()
        .toBuffer();
      const failure = (await visionProvider()
        .generate({
          ...task,
          photo: { tags: [], dataUrl: `data:image/jpeg;base64,${tooLarge.toString('base64')}` },
        })
        .catch((error: unknown) => error)) as ProviderFailure;
      expect(failure).toBeInstanceOf(ProviderFailure);
      expect(failure.status).toBe(400);
      expect(standIn.requests).toHaveLength(1);
      expect(standIn.requests[0]!.images[0]!.problem).toBe('1000×800 is larger than 768 px');
    });
  });

  describe('behind the caption writer', () => {
    const writer = () => createCaptionWriter(provider({ timeoutMs: 300 }), createOfflineProvider());

    it('passes good answers through, fitted to the subreddit rules, marked as AI-written', async () => {
      const writing = await writer().write(task);
      expect(writing.provider).toBe('openai-compatible');
      expect(writing.notice).toBeNull();
      expect(writing.results.every((result) => result.source === 'openai-compatible')).toBe(true);
      expect(
        writing.results.filter((result) => result.platform === 'reddit').flatMap((result) => result.titles),
      ).toEqual([
        'Stand-in reddit title 1 [F]',
        'Stand-in alternative 1 [F]',
        'Stand-in reddit title 2 [F]',
        'Stand-in alternative 2 [F]',
      ]);
    });

    it.each(['malformed', 'error500', 'slow'] as const)(
      'answers with the built-in writer and says so when the service is %s',
      async (mode) => {
        standIn.mode = mode;
        standIn.slowMs = 2_000;
        const writing = await writer().write(task);
        expect(writing.provider).toBe('offline');
        expect(writing.model).toBe(offlineModelName);
        expect(writing.notice).toBe(aiTexts.offlineFallback);
        expect(writing.failure).toBeInstanceOf(ProviderFailure);
        expect(writing.results).toHaveLength(4);
        expect(
          writing.results.every(
            (result) => result.source === 'offline' && violations(result, task).length === 0,
          ),
        ).toBe(true);
      },
    );

    it('fixes oversized AI answers instead of sending them back', async () => {
      standIn.mode = 'oversized';
      const writing = await writer().write({
        ...task,
        platforms: ['reddit', 'twitter', 'instagram', 'tiktok'],
      });
      expect(writing.results).toHaveLength(8);
      for (const result of writing.results) {
        expect(violations(result, task)).toEqual([]);
        if (result.platform !== 'reddit') {
          expect(platformLength(result.platform, captionText(result))).toBeLessThanOrEqual(
            platformLimits[result.platform].captionMax,
          );
          expect(result.hashtags.length).toBeLessThanOrEqual(platformLimits[result.platform].hashtagsMax);
        } else {
          expect(result.titles.every((title) => title.length <= 300 && title.endsWith('[F]'))).toBe(true);
        }
      }
    });

    it('keeps all AI variants when the service wrote enough', async () => {
      const writing = await writer().write({ ...task, variants: 3, platforms: ['twitter'] });
      expect(writing.results).toHaveLength(3);
      expect(writing.results.every((result) => result.source === 'openai-compatible')).toBe(true);
      expect(writing.notice).toBeNull();
    });

    it('fills platforms the AI left short with the built-in writer, and says so', async () => {
      const oneTweet = {
        platform: 'twitter' as const,
        titles: ['Only one'],
        body: 'Only one caption.',
        photoInstructions: '',
        hashtags: [],
        confidence: 0.7,
      };
      const partial = createCaptionWriter(
        {
          name: 'openai-compatible',
          model: 'partial',
          generate: async () => ({ drafts: [oneTweet], model: 'partial', tokensUsed: 10 }),
        },
        createOfflineProvider(),
      );
      const filled = await partial.write({ ...task, variants: 2, platforms: ['twitter', 'tiktok'] });
      expect(filled.results.map((result) => [result.platform, result.source])).toEqual([
        ['twitter', 'openai-compatible'],
        ['twitter', 'offline'],
        ['tiktok', 'offline'],
        ['tiktok', 'offline'],
      ]);
      expect(filled.notice).toBe(aiTexts.partialFallback);
    });
  });
});

describe('reading a model answer wrapped in a Markdown fence', () => {
  it('takes the JSON out of a fence, with or without the language name', () => {
    expect(unfence('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(unfence('  ```JSON {"a":1}```  ')).toBe('{"a":1}');
    expect(unfence('```\n{"a":1}\n```\n')).toBe('{"a":1}');
  });

  it('leaves an answer without a complete fence as it is', () => {
    expect(unfence('{"a":1}')).toBe('{"a":1}');
    expect(unfence('```json {"a":1}')).toBe('```json {"a":1}');
    expect(unfence('````')).toBe('````');
  });

  it('reads a long unfenced answer in one pass', () => {
    const long = `\`\`\`${' '.repeat(200_000)}x`;
    expect(unfence(long)).toBe(long);
  });
});
