import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.js';
import { users } from './users.js';

/**
 * Every admin action on a user (docs/product.md#admin-portal): who, what, to whom and when. The names are copied in so
 * the record still reads after either account is deleted (the ids then become null).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: primaryId(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUsername: text('target_username'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_at_id_idx').on(t.createdAt, t.id),
    index('admin_audit_log_target_user_id_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_log_actor_user_id_idx').on(t.actorUserId),
  ],
);

export type AdminAuditLogRow = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditLogRow = typeof adminAuditLog.$inferInsert;
