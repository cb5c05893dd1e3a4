import type { UpdateUserSettings, UserSettings } from '@app/shared/settings';
import type { Database } from '../../db/client.js';
import { findSettings, upsertSettings } from './settings.repo.js';

export async function settingsOf(db: Database, userId: string): Promise<{ settings: UserSettings }> {
  return { settings: await findSettings(db, userId) };
}

/** A patch: fields left out keep their stored values (or the defaults on the first write). */
export async function updateSettings(
  db: Database,
  userId: string,
  patch: UpdateUserSettings,
): Promise<{ settings: UserSettings }> {
  return { settings: await upsertSettings(db, userId, patch) };
}
