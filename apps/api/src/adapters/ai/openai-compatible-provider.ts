import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { aiModelAnswerSchema, platformLimits } from '@app/shared/ai';
import {
  ProviderFailure,
  type CaptionProvider,
  type GenerationTask,
  type ProviderResult,
} from './caption-provider.js';

export interface OpenAiCompatibleConfig {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8080/v1 (llama.cpp). */
  baseUrl: string;
  /** Local servers need none; the SDK insists on a value, so a placeholder is sent then. */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const answerFormat = zodResponseFormat(aiModelAnswerSchema, 'social_captions');
const attempts = 2;

const systemPrompt = [
  'You write social media captions and posts for independent creators, in their own first-person voice.',
  'Answer only with JSON matching the given schema: one entry in "results" per platform and variant.',
  'Rules per platform:',
  `- reddit: "titles" are post titles (at most ${platformLimits.reddit.titleMax} characters each, 3 options, main first); "body" is an optional short text post; "hashtags" is empty.`,
  `- twitter: "body" plus hashtags must fit ${platformLimits.twitter.captionMax} characters; at most ${platformLimits.twitter.hashtagsMax} hashtags.`,
  `- instagram: caption up to ${platformLimits.instagram.captionMax} characters including hashtags; at most ${platformLimits.instagram.hashtagsMax} hashtags.`,
  `- tiktok: caption up to ${platformLimits.tiktok.captionMax} characters including hashtags; at most ${platformLimits.tiktok.hashtagsMax} hashtags.`,
  `- Outside reddit, "titles" are short hooks (first line or on-screen text, at most ${platformLimits.twitter.titleMax} characters).`,
  'Hashtags are single words without the leading #. "photoInstructions" tells the creator how to shoot the picture or clip (framing, light, pose).',
  '"confidence" is your own estimate from 0 to 1 of how well the result fits the request.',
  'Follow the subreddit title rules when given, including required tags such as [F]. Keep copy flirty at most, never explicit, no links, no prices.',
  'Every variant must differ clearly from the others in structure and wording.',
].join('\n');

function userMessage(task: GenerationTask): string {
  return JSON.stringify({
    prompt: task.prompt,
    platforms: task.platforms,
    styles: task.styleHints.length ? task.styleHints : ['authentic'],
    variantsPerPlatform: task.variants,
    subreddit: task.subreddit
      ? {
          name: task.subreddit.name,
          titleRules: task.subreddit.titleRules,
          noEmojiInTitles: task.subreddit.noEmoji,
        }
      : null,
  });
}

/** Some local servers wrap JSON in a Markdown fence even when asked for structured output. */
export function unfence(content: string): string {
  // By hand: the pattern this replaces backtracked quadratically on long answers.
  const text = content.trim();
  if (text.length < 6 || !text.startsWith('```') || !text.endsWith('```')) return content;
  const inner = text.slice(3, -3);
  return (inner.slice(0, 4).toLowerCase() === 'json' ? inner.slice(4) : inner).trim();
}

function toFailure(error: unknown): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  if (error instanceof APIConnectionTimeoutError)
    return new ProviderFailure('timeout', 'The AI service did not answer in time');
  if (error instanceof APIConnectionError)
    return new ProviderFailure('connection', 'The AI service could not be reached');
  if (error instanceof APIError)
    return new ProviderFailure(
      'http',
      `The AI service answered HTTP ${error.status ?? 'error'}`,
      error.status,
    );
  return new ProviderFailure('connection', 'The AI service request failed');
}

/** Worth one more try: the service was slow, busy or answered badly; a refused request is not. */
function isRetryable(failure: ProviderFailure): boolean {
  if (failure.reason !== 'http') return true;
  const status = failure.status ?? 500;
  return status >= 500 || status === 408 || status === 409 || status === 429;
}

/**
 * Any server speaking OpenAI's chat completions protocol: OpenAI, Ollama, llama.cpp, vLLM,
 * OpenRouter. One structured-output request, validated with the shared schema, a timeout per
 * attempt and one retry; a ProviderFailure afterwards (the caller falls back to the built-in writer).
 */
export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): CaptionProvider {
  // Retries are ours (below), so a malformed answer is retried like a failed request.
  const client = new OpenAI({
    apiKey: config.apiKey ?? 'not-needed',
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });

  async function requestOnce(task: GenerationTask): Promise<ProviderResult> {
    const completion = await client.chat.completions.create({
      model: config.model,
      messages: [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: userMessage(task) },
      ],
      response_format: answerFormat,
      temperature: 0.9,
    });
    const content = completion.choices?.[0]?.message?.content;
    if (!content) throw new ProviderFailure('empty', 'The AI service answered without content');
    let json: unknown;
    try {
      json = JSON.parse(unfence(content));
    } catch {
      throw new ProviderFailure('malformed', 'The AI service answered with something other than JSON');
    }
    const parsed = aiModelAnswerSchema.safeParse(json);
    if (!parsed.success)
      throw new ProviderFailure('malformed', 'The AI service answer does not match the expected shape');
    const drafts = parsed.data.results.filter((result) => task.platforms.includes(result.platform));
    if (drafts.length === 0)
      throw new ProviderFailure('empty', 'The AI service wrote nothing for the requested platforms');
    return {
      drafts,
      model: completion.model || config.model,
      tokensUsed: completion.usage?.total_tokens ?? 0,
    };
  }

  return {
    name: 'openai-compatible',
    model: config.model,
    async generate(task) {
      let failure: ProviderFailure | undefined;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          return await requestOnce(task);
        } catch (error) {
          failure = toFailure(error);
          if (!isRetryable(failure)) break;
        }
      }
      throw failure!;
    },
  };
}
