import { z } from 'zod';

/**
 * A creator's brand voice (Settings → Brand voice): who signs, what to promote, words and emojis to
 * use and to avoid, how many emojis, and a few captions of their own. Both caption writers apply it
 * (docs/ai-generation.md). GET and PUT /api/user/brand-voice.
 */

export const brandVoiceLimits = {
  signature: 40,
  promoLink: 120,
  words: 20,
  wordLength: 30,
  emojis: 12,
  samples: 5,
  sampleLength: 500,
} as const;

export const emojiLevels = ['none', 'low', 'medium', 'high'] as const;
export type EmojiLevel = (typeof emojiLevels)[number];

export const emojiLevelLabels: Record<EmojiLevel, string> = {
  none: 'None',
  low: 'A few',
  medium: 'Some',
  high: 'Lots',
};

const limits = brandVoiceLimits;

/** The card's texts and every refusal, written once for the web and the API. */
export const brandVoiceTexts = {
  title: 'Brand voice',
  description:
    'How your captions sound. The AI service and the built-in writer both write in this voice for you.',
  signature: 'Sign as',
  signatureHint: 'A display name or handle to sign captions with.',
  promoLink: 'Link or handle to promote',
  promoLinkHint: 'Left out of subreddits whose rules forbid links',
  useWords: 'Words to use',
  avoidWords: 'Words to avoid',
  wordsHint: 'Separate words or short phrases with commas.',
  useEmojis: 'Emojis to use',
  avoidEmojis: 'Emojis to avoid',
  emojisHint: 'Type or paste emojis, separated by spaces or commas.',
  emojiLevel: 'Emoji level',
  samples: 'Sample captions',
  samplesHint: `Up to ${limits.samples} captions you wrote yourself: their words, emojis and length are borrowed, never their facts.`,
  sample: (index: number) => `Sample caption ${index}`,
  addSample: 'Add a sample caption',
  removeSample: (index: number) => `Remove sample caption ${index}`,
  save: 'Save brand voice',
  saving: 'Saving...',
  saved: 'Brand voice saved',
  savedText: 'New captions are written in this voice.',
  saveFailed: 'Brand voice not saved',
  loadFailed: 'Your brand voice could not be loaded',
  messages: {
    signatureText: 'Sign as must be text',
    signatureTooLong: `Sign as must be ${limits.signature} characters or fewer`,
    promoLinkText: 'Link or handle to promote must be text',
    promoLinkTooLong: `Link or handle to promote must be ${limits.promoLink} characters or fewer`,
    promoLinkFormat:
      'Link or handle to promote must be a handle like @name or a link like onlyfans.com/name, without spaces or < >',
    wordsList: 'Words must be a list of words',
    wordText: 'Each word must be text',
    wordTooLong: `Each word must be ${limits.wordLength} characters or fewer`,
    tooManyUseWords: `Add at most ${limits.words} words to use`,
    tooManyAvoidWords: `Add at most ${limits.words} words to avoid`,
    emojisList: 'Emojis must be a list of emojis',
    notAnEmoji: 'Each emoji must be a single emoji, such as 🔥 (no letters or numbers)',
    tooManyUseEmojis: `Add at most ${limits.emojis} emojis to use`,
    tooManyAvoidEmojis: `Add at most ${limits.emojis} emojis to avoid`,
    emojiLevel: 'Emoji level must be none, low, medium or high',
    samplesList: 'Sample captions must be a list of texts',
    sampleText: 'Each sample caption must be text',
    sampleTooLong: `Each sample caption must be ${limits.sampleLength} characters or fewer`,
    tooManySamples: `Add at most ${limits.samples} sample captions`,
  },
} as const;

const messages = brandVoiceTexts.messages;

/**
 * Exactly one emoji: a pictograph with its optional variation selector, skin tone, ZWJ joins and tag
 * characters (🏴󠁧󠁢󠁳󠁣󠁴󠁿), or a flag of two regional indicators. Each of these is one grapheme.
 */
const singleEmoji =
  /^(?:\p{Regional_Indicator}{2}|\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?[\u{E0020}-\u{E007F}]*(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*)$/u;

export function isSingleEmoji(text: string): boolean {
  // The longest real sequences (family, tag flags) are under 40 code units.
  return text.length <= 64 && singleEmoji.test(text);
}

/** A handle (@name) or a link with a domain (onlyfans.com/luna, https://fansly.com/luna). */
const handlePattern = /^@[\p{L}\p{N}_.-]{1,100}$/u;
const linkPattern = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,}(?::\d{1,5})?(?:[/?#][^\s<>"'`]*)?$/iu;

export function isPromoLink(text: string): boolean {
  return handlePattern.test(text) || linkPattern.test(text);
}

// Invisible control characters (a NUL cannot even be stored) are dropped, not refused.
const controls = /[^\P{Cc}\t\n\r]/gu;
const oneLine = (text: string) => text.replace(controls, '').trim().replace(/\s+/g, ' ');

/** Trimmed, empty left out, repeats (by `key`) left out keeping the first, then at most `max`. */
function list(options: {
  item: z.ZodType<string, string>;
  key: (item: string) => string;
  max: number;
  tooMany: string;
  notAList: string;
}) {
  // The raw cap only bounds the work on a hostile body; the real limit applies after cleaning.
  return z
    .array(options.item, { message: options.notAList })
    .max(options.max * 5, options.tooMany)
    .optional()
    .transform((items) => {
      const seen = new Set<string>();
      return (items ?? []).filter((item) => {
        const key = options.key(item);
        if (!item || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .pipe(z.array(z.string()).max(options.max, options.tooMany));
}

const word = z
  .string({ message: messages.wordText })
  .overwrite(oneLine)
  .max(limits.wordLength, messages.wordTooLong);
const emoji = z
  .string({ message: messages.notAnEmoji })
  .overwrite((text) => text.replace(controls, '').trim())
  .refine((text) => text === '' || isSingleEmoji(text), messages.notAnEmoji);
const sample = z
  .string({ message: messages.sampleText })
  .overwrite((text) => text.replace(/\r\n?/g, '\n').replace(controls, '').trim())
  .max(limits.sampleLength, messages.sampleTooLong);

const words = (tooMany: string) =>
  list({
    item: word,
    key: (text) => text.toLowerCase(),
    max: limits.words,
    tooMany,
    notAList: messages.wordsList,
  });
// "❤" and "❤️" are the same emoji, with and without the variation selector.
const emojis = (tooMany: string) =>
  list({
    item: emoji,
    key: (text) => text.replace(/\uFE0F/g, ''),
    max: limits.emojis,
    tooMany,
    notAList: messages.emojisList,
  });

/** A single-line text that may be left out, null or blank: each of those is "not set" (null). */
const optionalText = (
  typeMessage: string,
  max: number,
  tooLong: string,
  format?: [(text: string) => boolean, string],
) =>
  z
    .string({ message: typeMessage })
    .nullish()
    .transform((text) => (text ? oneLine(text) : '') || null)
    .pipe(
      z
        .string()
        .max(max, { message: tooLong, abort: true })
        .refine(format?.[0] ?? (() => true), format?.[1])
        .nullable(),
    );

/** The voice as stored and answered: blank texts are null, lists hold no blanks or repeats. */
export const brandVoiceSchema = z.object({
  signature: z.string().nullable(),
  promoLink: z.string().nullable(),
  useWords: z.array(z.string()),
  avoidWords: z.array(z.string()),
  useEmojis: z.array(z.string()),
  avoidEmojis: z.array(z.string()),
  emojiLevel: z.enum(emojiLevels),
  samples: z.array(z.string()),
});
export type BrandVoiceSettings = z.infer<typeof brandVoiceSchema>;

export const defaultBrandVoice: BrandVoiceSettings = {
  signature: null,
  promoLink: null,
  useWords: [],
  avoidWords: [],
  useEmojis: [],
  avoidEmojis: [],
  emojiLevel: 'medium',
  samples: [],
};

/**
 * PUT body: the whole voice. A field left out is cleared (the emoji level goes back to medium), so
 * what is sent is exactly what is kept.
 */
export const updateBrandVoiceSchema = z.strictObject({
  signature: optionalText(messages.signatureText, limits.signature, messages.signatureTooLong),
  promoLink: optionalText(messages.promoLinkText, limits.promoLink, messages.promoLinkTooLong, [
    isPromoLink,
    messages.promoLinkFormat,
  ]),
  useWords: words(messages.tooManyUseWords),
  avoidWords: words(messages.tooManyAvoidWords),
  useEmojis: emojis(messages.tooManyUseEmojis),
  avoidEmojis: emojis(messages.tooManyAvoidEmojis),
  emojiLevel: z.enum(emojiLevels, { message: messages.emojiLevel }).default('medium'),
  samples: list({
    item: sample,
    key: (text) => text,
    max: limits.samples,
    tooMany: messages.tooManySamples,
    notAList: messages.samplesList,
  }),
});
export type UpdateBrandVoice = z.input<typeof updateBrandVoiceSchema>;

export const brandVoiceResponseSchema = z.object({ voice: brandVoiceSchema });
export type BrandVoiceResponse = z.infer<typeof brandVoiceResponseSchema>;
