import { eq } from 'drizzle-orm';
import { defaultUserSettings, type UpdateUserSettings, type UserSettings } from '@app/shared/settings';
import type { Database } from '../../db/client.js';
import { userSettings } from '../../db/schema/index.js';

function toSettings(row: typeof userSettings.$inferSelect): UserSettings {
  const { theme, notifications, emailUpdates, autoSave, defaultPlatform, usageAnalytics, watermarkText } =
    row;
  return { theme, notifications, emailUpdates, autoSave, defaultPlatform, usageAnalytics, watermarkText };
}

/** The saved watermark text (null: none saved, or no settings row yet). */
export async function findWatermarkText(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ watermarkText: userSettings.watermarkText })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row?.watermarkText ?? null;
}

export async function findSettings(db: Database, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ? toSettings(row) : { ...defaultUserSettings };
}

/** One statement, so two concurrent saves cannot both insert the row. */
export async function upsertSettings(db: Database, userId: string, changes: UpdateUserSettings) {
  const [row] = await db
    .insert(userSettings)
    .values({ ...defaultUserSettings, ...changes, userId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return toSettings(row!);
}
