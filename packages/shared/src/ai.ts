import { z } from 'zod';
import { contentPlatforms } from './history';

/** docs/product.md#ai-studio, Generate: the choices the form offers, in its order. */
export const aiPlatforms = contentPlatforms;
export type AiPlatform = (typeof aiPlatforms)[number];
export const styleHints = ['authentic', 'playful', 'confident', 'mysterious', 'bold', 'sassy'] as const;
export type StyleHint = (typeof styleHints)[number];
export const variantCounts = [1, 2, 3, 5] as const;
export type VariantCount = (typeof variantCounts)[number];

/**
 * What each platform accepts. Twitter, Instagram and TikTok captions count the hashtags too: the
 * text posted is `body` followed by the hashtags (see `captionText`). Reddit uses no hashtags.
 * TikTok has allowed longer captions since 2023; 2,200 is the limit every TikTok client accepts.
 * Titles elsewhere than Reddit are hooks (first line, on-screen text) kept short. Twitter's 3 and
 * TikTok's 8 hashtags are our caps for reach, not the platforms' own rules.
 */
export const platformLimits = {
  reddit: { titleMax: 300, bodyMax: 40_000, hashtagsMax: 0 },
  twitter: { captionMax: 280, hashtagsMax: 3, titleMax: 100 },
  instagram: { captionMax: 2_200, hashtagsMax: 30, titleMax: 100 },
  tiktok: { captionMax: 2_200, hashtagsMax: 8, titleMax: 100 },
} as const;
export const titlesPerResult = { min: 1, max: 5 } as const;

export const promptMaxLength = 1_000;

/** The text a platform shows for one result: Reddit's body, or caption plus hashtags elsewhere. */
export function captionText(item: { platform: AiPlatform; body: string; hashtags: string[] }): string {
  if (item.platform === 'reddit' || item.hashtags.length === 0) return item.body;
  const tags = item.hashtags.map((tag) => `#${tag}`).join(' ');
  return item.body ? `${item.body}\n\n${tags}` : tags;
}

let segmenter: Intl.Segmenter | undefined;
// Built when first needed: a segmenter loads the break rules, which a page that counts nothing
// (most of the web app loads this module) should not wait for.
const graphemes = (run: string) =>
  (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(run);
// Characters that are always a grapheme of their own: counted without the (slow) segmenter. A
// combining mark or keycap after one of them is then counted apart: too long, never too short.
const plainRuns = /([\t\n\r\u0020-\u02ff\u2010-\u2027]+)/;
const twitterLightRuns = /([\t\n\r\u0020-\u02ff\u2010-\u201f]+)/;

/** Length as platforms count it: by user-perceived characters, so an emoji counts once. */
export function visibleLength(text: string): number {
  let count = 0;
  text.split(plainRuns).forEach((run, index) => {
    if (index % 2 === 1) count += run.length;
    else if (run) for (const _ of graphemes(run)) count++;
  });
  return count;
}

/**
 * Twitter's weighted length (twitter-text v3): Latin and common punctuation count 1, everything
 * else (CJK, emoji, symbols) counts 2 per character, an emoji sequence 2 in all.
 */
export function twitterLength(text: string): number {
  let count = 0;
  text.split(twitterLightRuns).forEach((run, index) => {
    if (index % 2 === 1) {
      count += run.length;
      return;
    }
    for (const { segment } of graphemes(run)) {
      const code = segment.codePointAt(0)!;
      const light =
        code <= 0x10ff ||
        (code >= 0x2000 && code <= 0x200d) ||
        (code >= 0x2010 && code <= 0x201f) ||
        (code >= 0x2032 && code <= 0x2037);
      count += light && segment.length === 1 ? 1 : 2;
    }
  });
  return count;
}

/** The length a platform measures its caption with. */
export function platformLength(platform: AiPlatform, text: string): number {
  return platform === 'twitter' ? twitterLength(text) : visibleLength(text);
}

const subredditName = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\/?r\//i, ''))
  .pipe(
    z.string().regex(/^[A-Za-z0-9_]{2,21}$/, {
      message: 'subreddit must be a community name such as r/selfie (2–21 letters, digits or _)',
    }),
  );

/** Defined before the request schema that uses it; `aiTexts.photoIdInvalid` repeats it. */
const photoIdMessage = 'mediaId must be the id of one of your gallery photos';

/**
 * POST /api/ai/generate (spec sections 3 and 7: prompt, platforms, styleHints, variants) plus an
 * optional target subreddit for Reddit titles and an optional gallery photo to write from
 * (docs/ai-generation.md#writing-from-a-photo). docs/product.md#ai-studio: the form only refuses an empty prompt with
 * no platform, so a prompt without platforms is valid: it is written for Reddit.
 */
export const aiGenerateRequestSchema = z
  .strictObject({
    prompt: z
      .string({ message: 'prompt must be text' })
      .trim()
      .max(promptMaxLength, { message: `prompt must be at most ${promptMaxLength} characters` })
      .default(''),
    platforms: z
      .array(z.enum(aiPlatforms, { message: 'platforms must be reddit, twitter, instagram or tiktok' }), {
        message: 'platforms must be a list such as ["reddit", "twitter"]',
      })
      .max(aiPlatforms.length * 2, { message: 'platforms lists each platform once' })
      .default([])
      .transform((values) => [...new Set(values)]),
    styleHints: z
      .array(
        z.enum(styleHints, {
          message: 'styleHints must be authentic, playful, confident, mysterious, bold or sassy',
        }),
        {
          message: 'styleHints must be a list such as ["playful"]',
        },
      )
      .max(styleHints.length * 2, { message: 'styleHints lists each style once' })
      .default([])
      .transform((values) => [...new Set(values)]),
    variants: z
      .union(
        variantCounts.map((count) => z.literal(count)) as [
          z.ZodLiteral<1>,
          z.ZodLiteral<2>,
          z.ZodLiteral<3>,
          z.ZodLiteral<5>,
        ],
        {
          message: 'variants must be 1, 2, 3 or 5',
        },
      )
      .default(1),
    subreddit: subredditName.optional(),
    /** One of the signed-in user's gallery photos. */
    mediaId: z.uuid({ message: photoIdMessage }).optional(),
  })
  .refine((request) => request.prompt !== '' || request.platforms.length > 0, {
    message: 'Select at least one platform or add a prompt.',
    path: ['prompt'],
  });
export type AiGenerateRequest = z.input<typeof aiGenerateRequestSchema>;
export type AiGenerateInput = z.output<typeof aiGenerateRequestSchema>;

/** One result: docs/product.md#ai-studio's fields, plus which variant it is and the history item it was saved as. */
export const generatedContentSchema = z.object({
  platform: z.enum(aiPlatforms),
  /** 1-based; results of one platform are numbered without gaps. */
  variant: z.number().int().positive(),
  /** The first is the main title, the rest alternatives; Reddit's obey the subreddit's title rules. */
  titles: z.array(z.string()),
  body: z.string(),
  photoInstructions: z.string(),
  /** Without the leading '#'. */
  hashtags: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  subreddit: z.string().nullable(),
  /** The content history item (GET /api/content-generations); null for signed-out visitors. */
  generationId: z.uuid().nullable(),
});
export type GeneratedContent = z.infer<typeof generatedContentSchema>;

/**
 * What an AI service is asked to answer (structured output), validated with this schema before
 * anything is used; platform rules are then enforced on every result.
 */
export const aiModelAnswerSchema = z.object({
  results: z.array(
    generatedContentSchema.pick({
      platform: true,
      titles: true,
      body: true,
      photoInstructions: true,
      hashtags: true,
      confidence: true,
    }),
  ),
});
export type AiModelAnswer = z.infer<typeof aiModelAnswerSchema>;

export const aiProviders = ['openai-compatible', 'offline'] as const;
export type AiProviderName = (typeof aiProviders)[number];

/** GET /api/ai/quota, and the `quota` field of each answer: today's generations (UTC days). */
export const aiQuotaSchema = z.object({
  used: z.number().int().nonnegative(),
  /** null: unlimited (Pro and admins). */
  limit: z.number().int().positive().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  resetsAt: z.iso.datetime(),
  /** 'visitor' for signed-out users, who get a small allowance per address. */
  plan: z.enum(['visitor', 'free', 'starter', 'pro', 'admin']),
});
export type AiQuota = z.infer<typeof aiQuotaSchema>;

/**
 * How the request's photo was used: 'image' when the AI service was sent the picture itself,
 * 'tags' when the captions were written from its gallery tags (and the prompt) only.
 */
export const photoUses = ['image', 'tags'] as const;
export type PhotoUse = (typeof photoUses)[number];
export const aiPhotoUseSchema = z.object({ mediaId: z.uuid(), usedAs: z.enum(photoUses) });
export type AiPhotoUse = z.infer<typeof aiPhotoUseSchema>;

export const aiGenerateResponseSchema = z.object({
  content: z.array(generatedContentSchema),
  model: z.string(),
  tokensUsed: z.number().int().nonnegative(),
  /** True when an identical request was answered recently: served again, no quota used. */
  cached: z.boolean(),
  /** Who wrote it: the configured AI service, or the built-in writer. */
  provider: z.enum(aiProviders),
  /** Set when the AI service failed and the built-in writer stood in; a sentence to show. */
  notice: z.string().nullable(),
  /** Null when the request named no photo (and in answers cached before photos existed). */
  photo: aiPhotoUseSchema.nullable().default(null),
  quota: aiQuotaSchema,
});
export type AiGenerateResponse = z.infer<typeof aiGenerateResponseSchema>;

/** Daily allowance for signed-out visitors of /caption-generator, per address. */
export const visitorGenerationsPerDay = 3;

export const aiErrorCodes = { quotaExceeded: 'AI_QUOTA_EXCEEDED' } as const;

function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest ? ` ${rest} minute${rest === 1 ? '' : 's'}` : ''}`;
}

export const aiTexts = {
  /** docs/product.md#ai-studio toast title. */
  generationFailed: 'Generation failed',
  /** docs/product.md#ai-studio toast title, and what to do instead. */
  copyFailed: 'Copy failed',
  copyFailedHelp:
    'Your browser blocked the clipboard. Select the text and copy it with Ctrl+C (⌘C on a Mac).',
  selectPlatformsOrPrompt: 'Select at least one platform or add a prompt.',
  quotaExceeded: (plan: 'visitor' | 'free' | 'starter', limit: number, msUntilReset: number) => {
    const used = `You have used all ${limit} AI generation${limit === 1 ? '' : 's'} for today.`;
    const reset = `Your quota resets at midnight UTC, in ${formatWait(msUntilReset)}.`;
    const upgrade =
      plan === 'visitor'
        ? 'Sign up free for 5 generations a day, or upgrade to Starter (50 a day) or Pro (unlimited).'
        : plan === 'free'
          ? 'Upgrade to Starter for 50 a day or Pro for unlimited generations in Settings.'
          : 'Upgrade to Pro in Settings for unlimited generations.';
    return `${used} ${reset} ${upgrade}`;
  },
  offlineFallback:
    'The AI service did not answer, so these were written by the built-in writer. Try again later for AI-written copy.',
  partialFallback: 'The AI service could not write for every platform, so the built-in writer filled in.',
  generationNotFound: 'This content no longer exists. Refresh the page to see your history.',
  savedNotFound: 'This saved content no longer exists. Refresh the page.',
  photoIdInvalid: photoIdMessage,
  /** 400: a visitor has no gallery. */
  photoNeedsSignIn: 'Sign in to write from a gallery photo.',
  /** 404, the same whether the photo was deleted or is someone else's. */
  photoNotFound: 'This photo is not in your gallery any more. Pick another one or remove it.',
  photoNotImage: 'Captions can be written from a photo only, not from a video. Pick a photo instead.',
  /** Shown with the results, by `photo.usedAs` (see photoNotice). */
  photoSeen:
    'Written from what the AI saw in your photo and from your prompt. It was sent a small copy without location or camera details.',
  photoFromText:
    'Written from your prompt and the photo’s tags: the built-in writer does not look at photos.',
  photoFromTextNoVision:
    'Written from your prompt and the photo’s tags: the AI service is not set up to look at photos.',
} as const;

/** The sentence that says how an answer used its photo; null when the request had none. */
export function photoNotice(answer: { photo: AiPhotoUse | null; provider: AiProviderName }): string | null {
  if (!answer.photo) return null;
  if (answer.photo.usedAs === 'image') return aiTexts.photoSeen;
  return answer.provider === 'offline' ? aiTexts.photoFromText : aiTexts.photoFromTextNoVision;
}
