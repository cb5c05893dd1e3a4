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
  /** AI_VISION: the model accepts images, so a request's photo is sent as one. */
  vision?: boolean;
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
  'Follow the subreddit title rules when given, including required tags such as [F]. Keep copy flirty at most, never explicit.',
  'Keep every number, price, percentage, date, name (characters, series, brands, places) and offer of the prompt in every variant (title or body), and add no time of day, place, lighting or clothing the prompt does not give.',
  "Add no links or handles except the voice's promoLink: never in a Reddit title, and none at all when the subreddit's linksAllowed is false.",
  'When a voice is given, write as that creator: sign with its signature where the platform allows, use its useWords and useEmojis, never its avoidWords or avoidEmojis, use emojis as its emojiLevel says (none, low, medium, high), and match the vocabulary, tone and length of its samples without copying their facts.',
  'Every variant must differ clearly from the others in structure and wording.',
  'When "photoTags" are given, they are the creator\'s own words about the photo: use them where they fit (hashtags, photo directions), never against the prompt.',
].join('\n');

/** Added only when the photo itself is sent: the model writes from what it sees, within the same rules. */
const photoLine =
  'The attached image is the photo being posted: write from what it shows together with the prompt (the prompt wins where they differ), and never describe anything explicit in it.';

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
          linksAllowed: task.subreddit.linksAllowed,
        }
      : null,
    ...(task.voice ? { voice: task.voice } : {}),
    ...(task.photo?.tags.length ? { photoTags: task.photo.tags } : {}),
  });
}

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The chat messages; with a photo to show, the user message is text plus a low-detail image part. */
export function messagesFor(task: GenerationTask, vision: boolean): ChatMessage[] {
  const text = userMessage(task);
  const dataUrl = vision ? task.photo?.dataUrl : undefined;
  if (!dataUrl)
    return [
      { role: 'system', content: systemPrompt },
      { role: 'user', content: text },
    ];
  return [
    { role: 'system', content: `${systemPrompt}\n${photoLine}` },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        // 'low' is a fixed, small cost per image at OpenAI; servers without the field ignore it.
        { type: 'image_url', image_url: { url: dataUrl, detail: 'low' } },
      ],
    },
  ];
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
  const vision = config.vision ?? false;

  async function requestOnce(task: GenerationTask): Promise<ProviderResult> {
    const completion = await client.chat.completions.create({
      model: config.model,
      messages: messagesFor(task, vision),
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
    acceptsImages: vision,
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
