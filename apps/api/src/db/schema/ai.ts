import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';

/**
 * Answers to recent AI generation requests, so an identical request within the window is served
 * again without calling the provider or using quota. Kept in the database so every server
 * process shares it; expired rows are removed when new ones are written.
 */
export const aiGenerationCache = pgTable(
  'ai_generation_cache',
  {
    /** `user:<id>` or `ip:<keyed hash>`: answers carry history ids, so they are never shared. */
    subject: text('subject').notNull(),
    /** SHA-256 of the normalised request. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.requestHash] }),
    index('ai_generation_cache_expires_at_idx').on(t.expiresAt),
  ],
);

export type AiGenerationCacheRow = typeof aiGenerationCache.$inferSelect;
