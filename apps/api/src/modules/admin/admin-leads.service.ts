import { adminTexts } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { PageRequest } from '../../lib/cursor-page.js';
import { findUserRow, lockUserRow, setUserFields } from './admin-users.repo.js';
import { adminErrorCodes } from './admin-users.service.js';
import {
  closeApplication,
  findUserByAddress,
  lockApplication,
  pendingApplicationsPage,
  signupsPage,
} from './admin-leads.repo.js';
import { recordAudit, type AuditActor } from './audit-log.repo.js';

export function applicationsPage(db: Database, page: PageRequest) {
  return pendingApplicationsPage(db, page);
}

export function recentSignupsPage(db: Database, page: PageRequest) {
  return signupsPage(db, page);
}

const cannotLink = (message: string) => AppError.conflict(message, 'REFERRAL_NOT_LINKABLE');

async function lockPending(tx: Database, id: string) {
  const application = await lockApplication(tx, id);
  if (!application) throw AppError.notFound(adminTexts.applicationNotFound);
  if (application.status !== 'pending_review')
    throw AppError.conflict(adminTexts.applicationReviewed, adminErrorCodes.noChange);
  return application;
}

/** Links the applicant to the referrer, as an automatic link would have, and records who decided. */
export async function approveApplication(db: Database, actor: AuditActor, id: string) {
  return db.transaction(async (tx) => {
    const application = await lockPending(tx, id);
    const applicantId =
      application.applicantUserId ?? (await findUserByAddress(tx, application.applicantEmail))?.id;
    const applicant = applicantId ? await lockUserRow(tx, applicantId) : null;
    if (!applicant) throw cannotLink(adminTexts.applicantMissing);
    const referrer = application.referrerUserId ? await findUserRow(tx, application.referrerUserId) : null;
    if (!referrer || referrer.id === applicant.id) throw cannotLink(adminTexts.referrerMissing);
    if (applicant.referredByUserId && applicant.referredByUserId !== referrer.id)
      throw cannotLink(adminTexts.applicantAlreadyReferred);

    await setUserFields(tx, applicant.id, { referredByUserId: referrer.id });
    await closeApplication(tx, application.id, { status: 'linked', applicantUserId: applicant.id });
    await recordAudit(tx, {
      actor,
      target: applicant,
      action: 'approve_referral',
      details: {
        applicationId: application.id,
        referralCode: application.referralCode,
        referrerUserId: referrer.id,
        referrerUsername: referrer.username,
      },
    });
    return { id: application.id, status: 'linked' as const };
  });
}

export async function rejectApplication(db: Database, actor: AuditActor, id: string) {
  return db.transaction(async (tx) => {
    const application = await lockPending(tx, id);
    const applicant = application.applicantUserId ? await findUserRow(tx, application.applicantUserId) : null;
    await closeApplication(tx, application.id, { status: 'rejected' });
    await recordAudit(tx, {
      actor,
      target: applicant ? { id: applicant.id, username: applicant.username } : null,
      action: 'reject_referral',
      details: {
        applicationId: application.id,
        referralCode: application.referralCode,
        applicantEmail: application.applicantEmail,
      },
    });
    return { id: application.id, status: 'rejected' as const };
  });
}
