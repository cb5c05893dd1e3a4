import type { AiPlatform } from '@app/shared/ai';
import type { VoicePlan } from './brand-voice.js';
import type { PromptFacts } from './facts.js';
import { between, shuffled, type Random } from './random.js';
import { platformTags } from './voices/platform-lines.js';
import type { StyleVoice } from './voices/types.js';

export const hashtagCounts: Record<AiPlatform, { min: number; max: number }> = {
  reddit: { min: 0, max: 0 },
  twitter: { min: 1, max: 3 },
  instagram: { min: 10, max: 20 },
  tiktok: { min: 4, max: 7 },
};

/**
 * A gallery photo's tags as hashtags: "red satin robe" gives #redsatinrobe. Only tags that make a
 * plausible hashtag are kept (a letter, 3 to 30 characters once spaces and punctuation go).
 */
export function photoTagWords(tags: readonly string[] | undefined): string[] {
  return (tags ?? [])
    .map((tag) => tag.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((word) => word.length >= 3 && word.length <= 30 && /\p{L}/u.test(word))
    .slice(0, 4);
}

/**
 * The prompt's own words lead (names, platforms, what is worn, where), then the photo's tags, then
 * the style's and the platform's tags, interleaved so each result mixes them differently. A negated
 * word never becomes a tag of its own ("no makeup" gives #nomakeup, not #makeup, and a photo tagged
 * "makeup" does not bring it back); a word the creator avoids never appears.
 */
export function hashtagsFor(
  platform: AiPlatform,
  facts: PromptFacts,
  style: StyleVoice,
  voice: VoicePlan,
  random: Random,
  photoTags: string[] = [],
): string[] {
  const { min, max } = hashtagCounts[platform];
  if (max === 0) return [];
  const count = between(min, max, random);
  const own = facts.tagWords.slice(0, platform === 'twitter' ? 2 : 6);
  const fromPrompt = [
    ...own.slice(0, 2),
    ...photoTags.slice(0, 2),
    ...shuffled([...own.slice(2), ...photoTags.slice(2)], random),
  ];
  const creator = [...voice.favoured].filter((word) => /^[\p{L}]{3,20}$/u.test(word)).slice(0, 2);
  const fromStyle = shuffled([...creator, ...style.tags], random);
  const fromPlatform = shuffled(platformTags[platform], random);
  const pool = fromPrompt.slice(0, platform === 'twitter' ? 1 + Math.floor(random() * 2) : fromPrompt.length);
  while (fromStyle.length || fromPlatform.length) {
    const source = random() < 0.55 ? fromStyle : fromPlatform;
    const next = (source.length ? source : fromStyle.length ? fromStyle : fromPlatform).shift();
    if (next) pool.push(next);
  }
  const seen = new Set<string>();
  return pool
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key) || !voice.allows(tag) || facts.negated.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count);
}
