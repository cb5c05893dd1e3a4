import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId } from './columns.js';
import { users } from './users.js';

export const contentPlatforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;
export const generationTypes = ['ai', 'template'] as const;

/** One history item: one platform's variant of a generation request. */
export const contentGenerations = pgTable(
  'content_generations',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: contentPlatforms }).notNull(),
    generationType: text('generation_type', { enum: generationTypes }).notNull().default('ai'),
    prompt: text('prompt'),
    styleHints: text('style_hints').array().notNull().default([]),
    subreddit: text('subreddit'),
    // The first title is the main one, the rest are alternatives.
    titles: text('titles').array().notNull().default([]),
    content: text('content').notNull(),
    photoInstructions: text('photo_instructions'),
    hashtags: text('hashtags').array().notNull().default([]),
    model: text('model'),
    tokensUsed: integer('tokens_used'),
    createdAt: createdAt(),
  },
  (t) => [
    // The history's keyset order (lib/cursor-page.ts).
    index('content_generations_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    oneOf('content_generations_platform_check', t.platform, contentPlatforms),
    oneOf('content_generations_generation_type_check', t.generationType, generationTypes),
  ],
);

export const savedContent = pgTable(
  'saved_content',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Saved text outlives the history item it came from.
    generationId: uuid('generation_id').references(() => contentGenerations.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    platform: text('platform', { enum: contentPlatforms }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_content_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('saved_content_generation_id_idx').on(t.generationId),
    oneOf('saved_content_platform_check', t.platform, contentPlatforms),
  ],
);

export type ContentGenerationRow = typeof contentGenerations.$inferSelect;
export type NewContentGenerationRow = typeof contentGenerations.$inferInsert;
export type SavedContentRow = typeof savedContent.$inferSelect;
export type NewSavedContentRow = typeof savedContent.$inferInsert;
