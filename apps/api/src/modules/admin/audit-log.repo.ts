import { count, desc, eq } from 'drizzle-orm';
import type { AdminAction, AuditEntry } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import {
  keysetQuery,
  mapPage,
  pageOf,
  type Keyset,
  type Page,
  type PageRequest,
} from '../../lib/cursor-page.js';
import { adminAuditLog, type AdminAuditLogRow } from '../../db/schema/admin-audit.js';

export interface AuditActor {
  id: string;
  username: string;
}

/** Called inside the action's own transaction, so the change and its record stand or fall together. */
export async function recordAudit(
  tx: Database,
  entry: {
    actor: AuditActor;
    target: { id: string; username: string } | null;
    action: AdminAction;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(adminAuditLog).values({
    actorUserId: entry.actor.id,
    actorUsername: entry.actor.username,
    targetUserId: entry.target?.id ?? null,
    targetUsername: entry.target?.username ?? null,
    action: entry.action,
    details: entry.details ?? {},
  });
}

export function toAuditEntry(row: AdminAuditLogRow): AuditEntry {
  return {
    id: row.id,
    actorUserId: row.actorUserId,
    actorUsername: row.actorUsername,
    targetUserId: row.targetUserId,
    targetUsername: row.targetUsername,
    action: row.action,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; index admin_audit_log_created_at_id_idx serves it. */
const logOrder: Keyset = {
  direction: 'desc',
  keys: [
    { column: adminAuditLog.createdAt, kind: 'timestamp' },
    { column: adminAuditLog.id, kind: 'uuid' },
  ],
};

export async function listAuditLog(
  db: Database,
  page: PageRequest,
): Promise<{ page: Page<AuditEntry>; total: number }> {
  const keyset = keysetQuery(logOrder, page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: adminAuditLog, cursorKey: keyset.cursorKey })
      .from(adminAuditLog)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.select({ value: count() }).from(adminAuditLog),
  ]);
  return { page: mapPage(pageOf(rows, page), toAuditEntry), total: total?.value ?? 0 };
}

export async function auditForUser(db: Database, userId: string, limit = 100) {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetUserId, userId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map(toAuditEntry);
}
