import type { AiPlatform } from '@app/shared/ai';
import type { BrandVoice } from '../caption-provider.js';
import { lightWords, placeWords, timeWords, wearWords } from './lexicon.js';
import { linkPattern } from './prompt-text.js';

/** The brand voice as the writer applies it, worked out once per request. */
export interface VoicePlan {
  signature: string | null;
  promoLink: string | null;
  /** Emojis to use, the creator's own first; empty when the level is "none". */
  emojis: string[];
  /** The creator's own emojis (chosen or from the samples): the first emoji of a caption is one of them. */
  ownEmojis: string[];
  /** How many emojis a caption carries at most, and whether a Reddit title may carry one. */
  emojiBudget: Record<AiPlatform, number>;
  titleEmoji: boolean;
  /** False for any text with a word or emoji the creator avoids. */
  allows: (text: string) => boolean;
  /** Words to favour when choosing lines: the creator's own and their samples'. */
  favoured: Set<string>;
  /** A pet name to address the reader with ("babe"), and a sign-off ("xoxo"), from the words to use. */
  address: string | null;
  signOff: string | null;
  /** Sentences of the samples that carry no facts: used as lines in the creator's own words. */
  ownLines: string[];
  /** Median length of the samples in characters, to aim the captions at; null without samples. */
  length: number | null;
}

const addressWords = new Set(
  'babe babes baby love loves darling darlings hun honey cutie cuties sweetie handsome gorgeous daddy sir guys boys loves'.split(
    ' ',
  ),
);
const signOffWords = new Set(['xoxo', 'xo', 'xx', 'xxx', 'mwah', 'kisses', 'hugs']);
const emojiSequence =
  /(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}])\uFE0F?\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*/gu;
const levelBudget = { none: 0, low: 1, medium: 2, high: 4 } as const;
const common = new Set(
  `the and for you your with this that just have are was but not all what when out get got like its it's i'm
  i'll can more one new here there them they about from some been into than then will would could`.split(
    /\s+/,
  ),
);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}][\p{L}'’]*/gu) ?? [];

export function planVoice(voice: BrandVoice | undefined, styleEmojis: readonly string[]): VoicePlan {
  const avoidWords = (voice?.avoidWords ?? []).map((word) => word.trim().toLowerCase()).filter(Boolean);
  const avoidEmojis = (voice?.avoidEmojis ?? []).filter(Boolean);
  const allows = (text: string) => {
    const lower = text.toLowerCase();
    if (avoidEmojis.some((emoji) => text.includes(emoji))) return false;
    return !avoidWords.some((word) =>
      new RegExp(`(?<![\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(lower),
    );
  };
  const samples = (voice?.samples ?? []).map((sample) => sample.trim()).filter(Boolean);
  const sampleEmojis = samples.flatMap((sample) => sample.match(emojiSequence) ?? []);
  const level = voice?.emojiLevel ?? 'medium';
  const emojis =
    level === 'none'
      ? []
      : [...new Set([...(voice?.useEmojis ?? []), ...sampleEmojis, ...styleEmojis])].filter(
          // "❤️‍🔥" is out when "🔥" is avoided.
          (emoji) => emoji && !avoidEmojis.some((avoided) => emoji.includes(avoided)),
        );
  const budget = levelBudget[level];
  const ownEmojis = emojis.filter(
    (emoji) => (voice?.useEmojis ?? []).includes(emoji) || sampleEmojis.includes(emoji),
  );
  const useWords = (voice?.useWords ?? []).map((word) => word.trim()).filter(Boolean);
  const favoured = new Set([
    ...useWords.map((word) => word.toLowerCase()),
    ...frequentWords(samples).filter((word) => !avoidWords.includes(word)),
  ]);
  const lengths = samples.map((sample) => sample.length).sort((a, b) => a - b);
  return {
    signature: voice?.signature?.trim() || null,
    promoLink: voice?.promoLink?.trim() || null,
    emojis,
    ownEmojis,
    emojiBudget: {
      reddit: Math.min(budget, 1),
      twitter: Math.min(budget, 2),
      instagram: budget,
      tiktok: Math.min(budget, 3),
    },
    titleEmoji: level === 'high',
    allows,
    favoured,
    address: useWords.find((word) => addressWords.has(word.toLowerCase())) ?? null,
    signOff: useWords.find((word) => signOffWords.has(word.toLowerCase())) ?? null,
    ownLines: samples.flatMap(factFreeSentences).filter(allows),
    length: lengths.length ? lengths[Math.floor(lengths.length / 2)]! : null,
  };
}

/** Words a creator uses in more than one sample (or often in one), beyond the commonest. */
function frequentWords(samples: string[]): string[] {
  const counts = new Map<string, number>();
  for (const sample of samples)
    for (const word of new Set(wordsOf(sample)))
      if (word.length >= 3 && !common.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].filter(([, count]) => count >= 2 || samples.length === 1).map(([word]) => word);
}

/**
 * The samples' sentences that could follow any prompt: no numbers, links, names, times, places,
 * lights or clothing (those would be facts of another post), 3 to 16 words.
 */
function factFreeSentences(sample: string): string[] {
  const sentences = sample.replace(emojiSequence, ' ').match(/[^.!?\n]+[.!?]*/g) ?? [];
  return sentences
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => {
      const words = wordsOf(sentence);
      if (words.length < 3 || words.length > 16 || /\d|#/.test(sentence)) return false;
      if (new RegExp(linkPattern.source, 'i').test(sentence)) return false;
      if (/\s\p{Lu}/u.test(sentence.replace(/\bI\b|\bI'/g, 'i'))) return false;
      return !words.some(
        (word) => timeWords.has(word) || placeWords.has(word) || lightWords.has(word) || wearWords.has(word),
      );
    })
    .map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`));
}
