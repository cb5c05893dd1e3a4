import { watermarkIsForced } from '@app/shared/plans';
import { watermarkTextOf } from '@app/shared/media';
import { watermarkTextErrors, type UpdateUserSettings, type UserSettings } from '@app/shared/settings';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findSettings, findWatermarkText, upsertSettings } from './settings.repo.js';

export async function settingsOf(db: Database, userId: string): Promise<{ settings: UserSettings }> {
  return { settings: await findSettings(db, userId) };
}

/**
 * A patch: fields left out keep their stored values (or the defaults on the first write). Choosing
 * a watermark text is a paid right; clearing it (null or empty) is allowed on every plan.
 */
export async function updateSettings(
  db: Database,
  user: UserRow,
  patch: UpdateUserSettings,
): Promise<{ settings: UserSettings }> {
  if (patch.watermarkText && watermarkIsForced(user)) throw AppError.forbidden(watermarkTextErrors.freePlan);
  return { settings: await upsertSettings(db, user.id, patch) };
}

/** The visible mark drawn for this user now (uploads with watermark=true, protected copies, tries). */
export async function watermarkTextForUser(db: Database, user: UserRow): Promise<string> {
  return watermarkTextOf(user, watermarkIsForced(user) ? null : await findWatermarkText(db, user.id));
}
