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
  /** The visible mark on paid plans' protected images; null means "© username" (docs/decisions/054-watermark-text.md). */
  watermarkText: z.string().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  theme: 'light',
  notifications: true,
  emailUpdates: true,
  autoSave: true,
  defaultPlatform: 'reddit',
  usageAnalytics: true,
  watermarkText: null,
};

/**
 * Watermark text limits. 40 characters: the mark is drawn at about 4.5% of the picture's short
 * side, so on a 1080 px square 40 characters of DejaVu Sans Bold already take most of its width.
 */
export const watermarkTextMaxLength = 40;

/** Common top-level domains; any two-letter ending (country codes) counts as a domain too. */
const domainEndings =
  'com|net|org|info|biz|app|dev|io|co|me|ly|tv|xyz|link|site|online|store|shop|club|fans|live|page|pro|vip|top|chat|social|bio|lol|gg|onl|xxx|porn|sex|adult|cam|tube|art|blog|email|website|space|fun|world|life';
const urlLike = new RegExp(
  String.raw`(://|\bwww\.|\b[\p{L}\p{N}-]+\s*\.\s*(?:[a-z]{2}|${domainEndings})\b)`,
  'iu',
);
/** Latin letters (accents included: DejaVu Sans draws them), digits, spaces and common punctuation; no emoji. */
const allowedCharacters = /^[\p{Script=Latin}\p{N} @._\-'&+!#(),:©]+$/u;

export const watermarkTextErrors = {
  tooLong: `Watermark text can be at most ${watermarkTextMaxLength} characters.`,
  characters:
    "Watermark text can use letters, numbers, spaces and @ . _ - ' & + ! # ( ) , : © only (no emoji or other symbols).",
  link: 'Watermark text cannot be a link or a web address: Reddit treats watermarks with links as spam. Use your name or @handle.',
  notString: 'Watermark text must be text, or empty to use your username.',
  freePlan:
    'Choosing your watermark text is part of the Starter and Pro plans; Free plans always show © and your username. Upgrade to Starter or Pro in Settings (Subscription and usage).',
} as const;

/**
 * Trimmed; empty or null means "use my username" (stored as null). Inner runs of spaces become
 * one, so what is shown in the preview is what is drawn.
 */
export const watermarkTextInputSchema = z
  .string({ message: watermarkTextErrors.notString })
  .nullable()
  .transform((value) => (value ?? '').trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .max(watermarkTextMaxLength, { message: watermarkTextErrors.tooLong })
      .refine((value) => !urlLike.test(value), { message: watermarkTextErrors.link })
      .refine((value) => value === '' || allowedCharacters.test(value), {
        message: watermarkTextErrors.characters,
      }),
  )
  .transform((value) => (value === '' ? null : value));

/** The first refusal for a typed watermark text, or null when it can be saved (the settings field checks as you type). */
export function watermarkTextProblem(value: string): string | null {
  const result = watermarkTextInputSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? watermarkTextErrors.characters);
}

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
  /** Paid plans only (the server answers 403 on Free); null or empty goes back to the username. */
  watermarkText: watermarkTextInputSchema.optional(),
});
export type UpdateUserSettings = z.infer<typeof updateUserSettingsSchema>;

export const userSettingsResponseSchema = z.object({ settings: userSettingsSchema });

/** Settings → Watermark text. */
export const watermarkTextTexts = {
  title: 'Watermark text',
  description: 'The visible mark in a corner of your protected copies and watermarked uploads.',
  label: 'Watermark text',
  help: `Up to ${watermarkTextMaxLength} characters: letters, numbers, spaces and @ . _ - ' & + ! # ( ) , : ©. No links or web addresses. Leave empty to use © and your username.`,
  preview: 'Will be written on your images:',
  save: 'Save watermark text',
  saving: 'Saving...',
  freeLocked: 'Free plans always show © and your username. Starter and Pro choose their own watermark text.',
  upgradeLink: 'Upgrade to Starter or Pro',
  unavailable: 'Your watermark text appears here once your settings have loaded.',
} as const;
