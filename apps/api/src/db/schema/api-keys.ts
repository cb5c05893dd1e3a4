import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Personal API keys (Pro, decision 014). Only the SHA-256 of the secret is kept; `prefix` is the
 * key's first characters, shown in lists and used to find the row before the hashes are compared.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('api_keys_prefix_idx').on(t.prefix), index('api_keys_user_id_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
