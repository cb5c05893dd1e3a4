import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Secrets the server makes for itself when the operator configured none (e.g. the key that signs
 * media URLs). Kept in the database so every server process signs and verifies with the same key.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
