import { z } from 'zod';

export const settingsThemes = ['light', 'dark'] as const;
export const settingsPlatforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;

/** docs/product.md#settings, User settings, with its defaults. */
export const userSettingsSchema = z.object({
  theme: z.enum(settingsThemes),
  notifications: z.boolean(),
  emailUpdates: z.boolean(),
  autoSave: z.boolean(),
  defaultPlatform: z.enum(settingsPlatforms),
  /** Not in docs/product.md#settings's list: section 4 says tracking can be disabled, and this is the user's switch. */
  usageAnalytics: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  theme: 'light',
  notifications: true,
  emailUpdates: true,
  autoSave: true,
  defaultPlatform: 'reddit',
  usageAnalytics: true,
};

/** PATCH body: any subset of the fields, nothing else. */
export const updateUserSettingsSchema = z.strictObject({
  theme: z.enum(settingsThemes, { message: 'Theme must be light or dark' }).optional(),
  notifications: z.boolean({ message: 'Notifications must be true or false' }).optional(),
  emailUpdates: z.boolean({ message: 'Email updates must be true or false' }).optional(),
  autoSave: z.boolean({ message: 'Auto-save must be true or false' }).optional(),
  defaultPlatform: z
    .enum(settingsPlatforms, { message: 'Default platform must be reddit, twitter, instagram or tiktok' })
    .optional(),
  usageAnalytics: z.boolean({ message: 'Usage analytics must be true or false' }).optional(),
});
export type UpdateUserSettings = z.infer<typeof updateUserSettingsSchema>;

export const userSettingsResponseSchema = z.object({ settings: userSettingsSchema });
