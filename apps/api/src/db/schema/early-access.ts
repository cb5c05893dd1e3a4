import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** /phase4: which upcoming features a user asked early access to (docs/product.md#early-access). */
export const earlyAccessOptIns = pgTable(
  'early_access_opt_ins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] })],
);

export type EarlyAccessOptInRow = typeof earlyAccessOptIns.$inferSelect;
