import { emojiLevels } from '@app/shared/brand-voice';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, updatedAt } from './columns.js';
import { users } from './users.js';

/** A creator's brand voice (Settings → Brand voice); no row means the defaults. */
export const brandVoices = pgTable(
  'brand_voices',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    signature: text('signature'),
    promoLink: text('promo_link'),
    useWords: text('use_words').array().notNull().default([]),
    avoidWords: text('avoid_words').array().notNull().default([]),
    useEmojis: text('use_emojis').array().notNull().default([]),
    avoidEmojis: text('avoid_emojis').array().notNull().default([]),
    emojiLevel: text('emoji_level', { enum: emojiLevels }).notNull().default('medium'),
    samples: text('samples').array().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [oneOf('brand_voices_emoji_level_check', t.emojiLevel, emojiLevels)],
);

export type BrandVoiceRow = typeof brandVoices.$inferSelect;
