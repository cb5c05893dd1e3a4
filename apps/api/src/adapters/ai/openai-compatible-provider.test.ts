import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiTexts, captionText, platformLength, platformLimits } from '@app/shared/ai';
import { OpenAiStandIn } from '../../../test/stand-ins/openai.js';
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
    const sent = JSON.parse(request!.body.messages!.at(-1)!.content) as Record<string, unknown>;
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
