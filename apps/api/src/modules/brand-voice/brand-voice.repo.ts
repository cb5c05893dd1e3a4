import { eq } from 'drizzle-orm';
import { defaultBrandVoice, type BrandVoiceSettings } from '@app/shared/brand-voice';
import type { Database } from '../../db/client.js';
import { brandVoices, type BrandVoiceRow } from '../../db/schema/index.js';

function toVoice(row: BrandVoiceRow): BrandVoiceSettings {
  const { signature, promoLink, useWords, avoidWords, useEmojis, avoidEmojis, emojiLevel, samples } = row;
  return { signature, promoLink, useWords, avoidWords, useEmojis, avoidEmojis, emojiLevel, samples };
}

/** The user's voice, or the defaults when they never saved one. */
export async function findBrandVoice(db: Database, userId: string): Promise<BrandVoiceSettings> {
  const [row] = await db.select().from(brandVoices).where(eq(brandVoices.userId, userId)).limit(1);
  return row ? toVoice(row) : { ...defaultBrandVoice };
}

/** Replaces the whole voice in one statement, so two concurrent saves cannot both insert the row. */
export async function replaceBrandVoice(
  db: Database,
  userId: string,
  voice: BrandVoiceSettings,
): Promise<BrandVoiceSettings> {
  const [row] = await db
    .insert(brandVoices)
    .values({ ...voice, userId })
    .onConflictDoUpdate({ target: brandVoices.userId, set: { ...voice, updatedAt: new Date() } })
    .returning();
  return toVoice(row!);
}
