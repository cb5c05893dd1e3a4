import type { BrandVoiceResponse, BrandVoiceSettings } from '@app/shared/brand-voice';
import type { BrandVoice } from '../../adapters/ai/caption-provider.js';
import type { Database } from '../../db/client.js';
import { findBrandVoice, replaceBrandVoice } from './brand-voice.repo.js';

export async function brandVoiceOf(db: Database, userId: string): Promise<BrandVoiceResponse> {
  return { voice: await findBrandVoice(db, userId) };
}

/** PUT: the body is the whole voice, already cleaned by the shared schema. */
export async function saveBrandVoice(
  db: Database,
  userId: string,
  voice: BrandVoiceSettings,
): Promise<BrandVoiceResponse> {
  return { voice: await replaceBrandVoice(db, userId, voice) };
}

/**
 * The voice as the caption writers take it: only the fields the creator set, and none at all when
 * nothing is (the medium emoji level alone is the writers' own default, so it is no voice). Keys
 * come in one fixed order, so the same voice always makes the same cache key.
 */
export function toGenerationVoice(voice: BrandVoiceSettings): BrandVoice | undefined {
  const result: BrandVoice = {};
  if (voice.signature) result.signature = voice.signature;
  if (voice.promoLink) result.promoLink = voice.promoLink;
  if (voice.useWords.length) result.useWords = voice.useWords;
  if (voice.avoidWords.length) result.avoidWords = voice.avoidWords;
  if (voice.useEmojis.length) result.useEmojis = voice.useEmojis;
  if (voice.avoidEmojis.length) result.avoidEmojis = voice.avoidEmojis;
  if (voice.samples.length) result.samples = voice.samples;
  if (Object.keys(result).length === 0 && voice.emojiLevel === 'medium') return undefined;
  return { ...result, emojiLevel: voice.emojiLevel };
}

/** The signed-in requester's voice for POST /api/ai/generate, if they set one. */
export async function generationVoiceOf(db: Database, userId: string): Promise<BrandVoice | undefined> {
  return toGenerationVoice(await findBrandVoice(db, userId));
}
