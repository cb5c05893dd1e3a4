import { z } from 'zod';
import { formatUtcTime } from './utc-time';

/** docs/product.md#api-keys: API access is Pro only, metered per calendar month (UTC). */
export const apiMonthlyCallLimit = 1000;

/** Every key starts with this, so a Bearer credential can be told from a session access token. */
export const apiKeyPrefix = 'cs_live_';

export const apiKeyTexts = {
  proOnly:
    'API access is available on the Pro plan. Upgrade to Pro on the Settings page (Subscription and usage) to create API keys.',
  keyMissingOrUnknown:
    'This API key is not valid. Check that you copied the whole key, or create a new one in Settings.',
  keyRevoked: 'This API key has been revoked. Create a new one in Settings.',
  keyOwnerNotPro:
    "This API key's account is no longer on the Pro plan, so API access is off. Upgrade to Pro again to use your keys.",
  routeNotPublic:
    'API keys only work on the public API (generation, history, media list and scheduling). Sign in to the app for everything else.',
  notFound: 'API key not found.',
  passwordRequired: 'Enter your current password to create an API key.',
  passwordNotSet:
    'Your account has no password yet, and creating an API key needs one. Set a password with "Forgot password" on the login page, then try again.',
  keyOwnerRestricted:
    "This API key's account is restricted, so API access is off. Contact support if you think this is a mistake.",
  /** Shown beside the key form and in the API documentation (decision 019). */
  revokedWhen:
    'Keys stop working for good when your password is changed or reset, when an admin asks you to choose a new password, and when your account is restricted. Create new keys afterwards.',
  nameRequired: 'Give the key a name, for example the tool that will use it.',
  nameTooLong: 'Key names can be at most 60 characters.',
  limitReached: (resetsAt: Date) =>
    `You have used all ${apiMonthlyCallLimit} API calls for this month. Your allowance resets on ${formatUtcTime(resetsAt)}.`,
} as const;

export const apiKeyErrorCodes = { passwordNotSet: 'PASSWORD_NOT_SET' } as const;

const iso = z.string();

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters followed by "…", e.g. "cs_live_ab12cd34…"; never the secret. */
  displayPrefix: z.string(),
  createdAt: iso,
  lastUsedAt: iso.nullable(),
  revokedAt: iso.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySchema) });

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ message: apiKeyTexts.nameRequired })
    .trim()
    .min(1, { message: apiKeyTexts.nameRequired })
    .max(60, { message: apiKeyTexts.nameTooLong }),
  /** A stolen session alone must not be able to mint a credential that outlives it (docs/decisions/014-api-keys.md). */
  currentPassword: z
    .string({ message: apiKeyTexts.passwordRequired })
    .min(1, { message: apiKeyTexts.passwordRequired })
    .max(200, { message: apiKeyTexts.passwordRequired }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The one answer that carries the whole key: it cannot be shown again. */
export const createdApiKeyResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ message: apiKeyTexts.notFound }) });

export const apiUsageSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  /** ISO time when the month's allowance starts again (the first of next month, 00:00 UTC). */
  resetsAt: iso,
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;
