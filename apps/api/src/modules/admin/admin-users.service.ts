import { adminTexts, maxSuspensionDays, type AdminAction, type AdminUser } from '@app/shared/admin';
import type { Tier } from '@app/shared/user';
import { isAdminUser } from '@app/shared/user';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { PageRequest } from '../../lib/cursor-page.js';
import type { AuthDeps } from '../auth/auth-deps.js';
import { endSignIns } from '../auth/credential-revocation.js';
import { sendVerificationMail } from '../auth/verification.service.js';
import { lockUserRow, searchUsers, findUserRow, setUserFields, toAdminUser } from './admin-users.repo.js';
import { auditForUser, listAuditLog, recordAudit, type AuditActor } from './audit-log.repo.js';

const dayMs = 24 * 60 * 60 * 1000;
const userNotFound = () => AppError.notFound(adminTexts.userNotFound);
// 409 rather than 403: the caller is an admin and allowed in; this one target is what refuses.
const refused = (message: string, code: string) => AppError.conflict(message, code);

export const adminErrorCodes = {
  selfAction: 'ADMIN_SELF_ACTION',
  targetIsAdmin: 'ADMIN_TARGET_IS_ADMIN',
  noChange: 'ADMIN_NO_CHANGE',
} as const;

/** One page of the users matching the search, newest accounts first, and how many match in all. */
export function listUsers(db: Database, query: PageRequest & { q: string }) {
  return searchUsers(db, query.q, query);
}

export async function userDetail(db: Database, id: string) {
  const row = await findUserRow(db, id);
  if (!row) throw userNotFound();
  return { user: toAdminUser(row), audit: await auditForUser(db, id) };
}

/** Ban, suspend and tier changes are for ordinary accounts: never one's own, never another admin's. */
function assertMayRestrict(actor: AuditActor, target: UserRow) {
  if (target.id === actor.id) throw refused(adminTexts.selfAction, adminErrorCodes.selfAction);
  if (isAdminUser(target)) throw refused(adminTexts.otherAdmin, adminErrorCodes.targetIsAdmin);
}

const unchanged = (message: string) => refused(message, adminErrorCodes.noChange);

interface Change {
  action: AdminAction;
  /** Throws when the action does not apply; returns the fields to set and the audit details. */
  plan: (target: UserRow) => {
    fields: Parameters<typeof setUserFields>[2];
    details: Record<string, unknown>;
    /** Ends every session and revokes every API key of the account. */
    signOut?: boolean;
  };
}

/** One locked read, the change, the sessions and keys ended if asked, and the audit row: one transaction. */
async function applyChange(
  db: Database,
  actor: AuditActor,
  targetId: string,
  change: Change,
): Promise<AdminUser> {
  const updated = await db.transaction(async (tx) => {
    const target = await lockUserRow(tx, targetId);
    if (!target) throw userNotFound();
    const { fields, details, signOut } = change.plan(target);
    const row = await setUserFields(tx, target.id, fields);
    // Signed out everywhere: the next request of any open session or API key is a 401.
    if (signOut) await endSignIns(tx, target.id);
    await recordAudit(tx, { actor, target, action: change.action, details });
    return row;
  });
  return toAdminUser(updated);
}

export function banUser(db: Database, actor: AuditActor, id: string, reason: string, now = new Date()) {
  return applyChange(db, actor, id, {
    action: 'ban',
    plan: (target) => {
      assertMayRestrict(actor, target);
      if (target.bannedAt) throw unchanged(adminTexts.alreadyBanned);
      return { fields: { bannedAt: now }, details: { reason }, signOut: true };
    },
  });
}

export function unbanUser(db: Database, actor: AuditActor, id: string) {
  return applyChange(db, actor, id, {
    action: 'unban',
    plan: (target) => {
      if (!target.bannedAt) throw unchanged(adminTexts.notBanned);
      return { fields: { bannedAt: null }, details: { bannedAt: target.bannedAt.toISOString() } };
    },
  });
}

/** The end must be in the future and at most maxSuspensionDays away; longer is a ban. */
export function suspendUser(
  db: Database,
  actor: AuditActor,
  id: string,
  input: { until: string; reason: string },
  now = new Date(),
) {
  const until = new Date(input.until);
  if (!(until.getTime() > now.getTime()))
    throw new AppError(400, adminTexts.untilInvalid, 'VALIDATION_ERROR', { field: 'until' });
  if (until.getTime() > now.getTime() + maxSuspensionDays * dayMs)
    throw new AppError(400, adminTexts.untilTooLate, 'VALIDATION_ERROR', { field: 'until' });
  return applyChange(db, actor, id, {
    action: 'suspend',
    plan: (target) => {
      assertMayRestrict(actor, target);
      return {
        fields: { suspendedUntil: until },
        details: {
          until: until.toISOString(),
          reason: input.reason,
          previousUntil: target.suspendedUntil?.toISOString() ?? null,
        },
      };
    },
  });
}

export function unsuspendUser(db: Database, actor: AuditActor, id: string, now = new Date()) {
  return applyChange(db, actor, id, {
    action: 'unsuspend',
    plan: (target) => {
      if (!target.suspendedUntil || target.suspendedUntil <= now) throw unchanged(adminTexts.notSuspended);
      return { fields: { suspendedUntil: null }, details: { until: target.suspendedUntil.toISOString() } };
    },
  });
}

/** Until the next billing event: a Stripe webhook for the user's subscription sets the tier again. */
export function changeTier(db: Database, actor: AuditActor, id: string, tier: Tier) {
  return applyChange(db, actor, id, {
    action: 'change_tier',
    plan: (target) => {
      assertMayRestrict(actor, target);
      if (target.tier === tier) throw unchanged(adminTexts.sameTier);
      return { fields: { tier }, details: { from: target.tier, to: tier } };
    },
  });
}

/**
 * Open sessions end too, so the change is asked for at the very next sign-in rather than weeks
 * later; API keys are revoked, since the password they were made with is suspect.
 */
export function forcePasswordChange(db: Database, actor: AuditActor, id: string) {
  return applyChange(db, actor, id, {
    action: 'force_password_change',
    plan: (target) => {
      if (target.id === actor.id) throw refused(adminTexts.selfAction, adminErrorCodes.selfAction);
      if (!target.passwordHash) throw unchanged(adminTexts.noPassword);
      if (target.mustChangePassword) throw unchanged(adminTexts.alreadyMustChange);
      return { fields: { mustChangePassword: true }, details: {}, signOut: true };
    },
  });
}

/** The audit row is written with the lookup; the mail goes out after commit, like signup's. */
export async function resendUserVerification(deps: AuthDeps, actor: AuditActor, id: string) {
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockUserRow(tx, id);
    if (!row) throw userNotFound();
    if (row.emailVerifiedAt) throw unchanged(adminTexts.alreadyVerified);
    await recordAudit(tx, {
      actor,
      target: row,
      action: 'resend_verification',
      details: { email: row.email },
    });
    return row;
  });
  await sendVerificationMail(deps, target);
  return toAdminUser(target);
}

/** One page of the audit log, newest first, and how long the whole log is. */
export function auditLogPage(db: Database, page: PageRequest) {
  return listAuditLog(db, page);
}
