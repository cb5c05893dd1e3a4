import { z } from 'zod';
import { leakCaseSchema } from './leak-cases';
import { takedownContactSchema } from './takedown-contact';
import { emailSchema } from './auth';
import { brandVoiceSchema } from './brand-voice';
import { userSettingsSchema } from './settings';
import { tierSchema, roleSchema } from './user';

/**
 * The user's own account (docs/product.md#settings /settings: profile, data export, danger zone; docs/product.md#settings:
 * GET /api/user/export, DELETE /api/user/account). Profile calls are GET/PATCH /api/user/profile;
 * the spec names no path for them.
 */

export const profileLimits = { displayName: 60, bio: 500 } as const;

/** The word a person types in the deletion dialog; case and surrounding spaces do not matter. */
export const deleteConfirmationWord = 'DELETE';

export const accountErrorCodes = {
  wrongPassword: 'WRONG_PASSWORD',
  passwordRequired: 'PASSWORD_REQUIRED',
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  emailTaken: 'EMAIL_TAKEN',
  emailChangeLinkInvalid: 'EMAIL_CHANGE_LINK_INVALID',
  emailChangeLinkExpired: 'EMAIL_CHANGE_LINK_EXPIRED',
  paymentCancelFailed: 'PAYMENT_CANCEL_FAILED',
  storageDeleteFailed: 'STORAGE_DELETE_FAILED',
} as const;

export const accountMessages = {
  displayNameTooLong: `Display name must be at most ${profileLimits.displayName} characters`,
  displayNameText: 'Display name must be text',
  displayNameLineBreak: 'Display name must fit on one line',
  bioTooLong: `Bio must be at most ${profileLimits.bio} characters`,
  bioText: 'Bio must be text',
  passwordText: 'Password must be text',
  profileSaved: 'Profile saved',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes once you open that link; until then you keep using your current address.`,
  emailUnchanged: 'That is already your email address.',
  emailTaken: 'An account with this email already exists. Use another address.',
  passwordRequiredForEmail: 'Enter your current password to change your email address.',
  passwordRequiredForDelete: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not correct. Enter your current password and try again.',
  confirmationRequired: `Type ${deleteConfirmationWord} to confirm that your account and all its data should be deleted.`,
  emailChanged: 'Your email address has been changed.',
  emailChangeLinkInvalid:
    'This email change link is not valid or was already used. Ask for a new one in Settings.',
  emailChangeLinkExpired: 'This email change link has expired. Ask for a new one in Settings.',
  accountDeleted: 'Your account and everything in it have been deleted.',
  paymentCancelFailed:
    'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.',
  paymentNotConfigured:
    'Your subscription cannot be cancelled right now because card payments are not set up on this server, so nothing was deleted. Please contact support.',
  storageDeleteFailed:
    'We could not remove your stored files right now, so nothing was deleted. Please try again in a few minutes.',
} as const;

const optionalText = (max: number, tooLong: string, notText: string) =>
  z
    .string({ message: notText })
    .trim()
    .max(max, { message: tooLong })
    // An emptied field clears the value.
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const updateProfileSchema = z.strictObject({
  displayName: optionalText(
    profileLimits.displayName,
    accountMessages.displayNameTooLong,
    accountMessages.displayNameText,
  ).refine((value) => !value || !/[\r\n]/.test(value), { message: accountMessages.displayNameLineBreak }),
  bio: optionalText(profileLimits.bio, accountMessages.bioTooLong, accountMessages.bioText),
  email: emailSchema.optional(),
  /** Needed with a new email on accounts that have a password. */
  currentPassword: z.string({ message: accountMessages.passwordText }).max(200).optional(),
});
export type UpdateProfile = z.input<typeof updateProfileSchema>;

export const profileSchema = z.object({
  username: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  /** An address waiting for its confirmation link to be opened. */
  pendingEmail: z.string().nullable(),
  /** False for social sign-in only accounts: they confirm deletion by typing the word alone. */
  hasPassword: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({
  profile: profileSchema,
  message: z.string().optional(),
});

export const confirmEmailChangeQuerySchema = z.strictObject({ token: z.string().max(200).optional() });
export const emailChangeConfirmedResponseSchema = z.object({ message: z.string(), email: z.string() });

const deleteAccountFields = z.strictObject({
  password: z.string({ message: accountMessages.passwordText }).max(200).optional(),
  confirmation: z
    .string({ message: accountMessages.confirmationRequired })
    .max(50, { message: accountMessages.confirmationRequired }),
});
/** A DELETE without a body (docs/product.md#settings lists none) gets the confirmation message, not "expected object". */
export const deleteAccountSchema = z.preprocess((body) => body ?? {}, deleteAccountFields);
export type DeleteAccountRequest = z.infer<typeof deleteAccountFields>;

export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  /** Where the browser goes next: the signed-out landing page. */
  redirectTo: z.string(),
});

export function isDeleteConfirmation(value: string): boolean {
  return value.trim().toUpperCase() === deleteConfirmationWord;
}

const iso = z.string();
const json = z.unknown();

/** The downloaded file. `version` changes when a field changes meaning or goes away. */
export const accountExportSchema = z.object({
  version: z.literal(1),
  exportedAt: iso,
  /** Media links are signed and stop working at this time; export again for fresh ones. */
  mediaLinksExpireAt: iso,
  profile: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    tier: tierSchema,
    role: roleSchema,
    isAdmin: z.boolean(),
    emailVerified: z.boolean(),
    emailVerifiedAt: iso.nullable(),
    hasPassword: z.boolean(),
    pendingEmail: z.string().nullable(),
    referralCode: z.string(),
    onboarding: json,
    bannedAt: iso.nullable(),
    suspendedUntil: iso.nullable(),
    signupSource: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  }),
  settings: userSettingsSchema,
  /** Settings → Brand voice; the defaults when none was saved. */
  brandVoice: brandVoiceSchema,
  signIns: z.object({
    socialAccounts: z.array(
      z.object({
        provider: z.string(),
        providerAccountId: z.string(),
        email: z.string().nullable(),
        createdAt: iso,
      }),
    ),
    sessions: z.array(
      z.object({ userAgent: z.string().nullable(), createdAt: iso, lastSeenAt: iso, expiresAt: iso }),
    ),
  }),
  redditAccounts: z.array(
    z.object({
      id: z.string(),
      redditUserId: z.string(),
      username: z.string(),
      scope: z.string().nullable(),
      linkKarma: z.number().nullable(),
      commentKarma: z.number().nullable(),
      redditCreatedAt: iso.nullable(),
      createdAt: iso,
    }),
  ),
  generations: z.array(
    z.object({
      id: z.string(),
      platform: z.string(),
      generationType: z.string(),
      prompt: z.string().nullable(),
      styleHints: z.array(z.string()),
      subreddit: z.string().nullable(),
      titles: z.array(z.string()),
      content: z.string(),
      photoInstructions: z.string().nullable(),
      hashtags: z.array(z.string()),
      model: z.string().nullable(),
      tokensUsed: z.number().nullable(),
      createdAt: iso,
    }),
  ),
  savedContent: z.array(
    z.object({
      id: z.string(),
      generationId: z.string().nullable(),
      title: z.string(),
      content: z.string(),
      platform: z.string(),
      createdAt: iso,
    }),
  ),
  media: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      mime: z.string(),
      bytes: z.number(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      tags: z.array(z.string()),
      hasWatermark: z.boolean(),
      visibility: z.string(),
      protectionLevel: z.string().nullable(),
      protectionReport: json,
      lastRepostedAt: iso.nullable(),
      createdAt: iso,
      downloadUrl: z.string(),
      thumbnailUrl: z.string().nullable(),
      protectedDownloadUrl: z.string().nullable(),
    }),
  ),
  scheduledPosts: z.array(
    z.object({
      id: z.string(),
      subreddit: z.string(),
      titleFinal: z.string(),
      bodyFinal: z.string().nullable(),
      kind: z.string(),
      flairText: z.string().nullable(),
      nsfw: z.boolean(),
      timing: z.string(),
      scheduledAt: iso,
      status: z.string(),
      sentAt: iso.nullable(),
      redditPostId: z.string().nullable(),
      resultJson: json,
      mediaAssetId: z.string().nullable(),
      redditAccountId: z.string().nullable(),
      firstComment: z.string().nullable(),
      firstCommentDelayMinutes: z.number(),
      firstCommentStatus: z.string().nullable(),
      firstCommentId: z.string().nullable(),
      firstCommentError: z.string().nullable(),
      firstCommentSentAt: iso.nullable(),
      campaignId: z.string().nullable(),
      seriesId: z.string().nullable(),
      spoiler: z.boolean(),
      /** Each engagement check (about 15 min, 1 h, 6 h, 24 h and 72 h after sending). */
      engagement: z.array(
        z.object({
          checkedAt: iso,
          minutesAfterSending: z.number(),
          score: z.number().nullable(),
          upvoteRatio: z.number().nullable(),
          comments: z.number().nullable(),
          removed: z.boolean(),
          removedBy: z.string().nullable(),
        }),
      ),
      createdAt: iso,
    }),
  ),
  /** Tracked links with their codes (one per post that carried it) and their clicks. */
  trackedLinks: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      targetUrl: z.string(),
      createdAt: iso,
      deletedAt: iso.nullable(),
      codes: z.array(
        z.object({ code: z.string(), postId: z.string().nullable(), subreddit: z.string().nullable() }),
      ),
      clicks: z.array(
        z.object({
          at: iso,
          code: z.string(),
          postId: z.string().nullable(),
          subreddit: z.string().nullable(),
          referrerHost: z.string().nullable(),
          bot: z.boolean(),
          counted: z.boolean(),
        }),
      ),
    }),
  ),
  /** New subscribers she recorded per day and source (Results). */
  subscriberCounts: z.array(
    z.object({
      day: z.string(),
      source: z.string(),
      newSubscribers: z.number(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  /** Reddit → campaigns; their posts are under scheduledPosts with their campaignId. */
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      body: z.string().nullable(),
      imageIds: z.array(z.string()),
      status: z.string(),
      timing: z.string(),
      minGapMinutes: z.number(),
      maxPerHour: z.number(),
      createdAt: iso,
    }),
  ),
  /** Reddit → recurring reposts; their rounds are under scheduledPosts with their seriesId. */
  repostSeries: z.array(
    z.object({
      id: z.string(),
      redditAccountId: z.string().nullable(),
      sourcePostId: z.string().nullable(),
      campaignId: z.string().nullable(),
      imageIds: z.array(z.string()),
      body: z.string().nullable(),
      subreddits: z.array(z.string()),
      flairs: z.record(
        z.string(),
        z.object({ flairId: z.string().nullable(), flairText: z.string().nullable() }),
      ),
      everyDays: z.number(),
      titles: z.array(z.string()),
      rounds: z.number(),
      nextRunAt: iso,
      status: z.string(),
      stoppedReason: z.string().nullable(),
      lastRoundNote: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  subscriptions: z.array(
    z.object({
      plan: z.string(),
      status: z.string(),
      amount: z.number(),
      currency: z.string(),
      nextBillDate: iso.nullable(),
      canceledAt: iso.nullable(),
      createdAt: iso,
    }),
  ),
  referrals: z.object({
    /** How this account joined, if through a code. */
    applied: z.array(z.object({ referralCode: z.string(), status: z.string(), createdAt: iso })),
    /** People who used this account's code; their addresses are theirs, so only status and date. */
    referred: z.array(z.object({ status: z.string(), createdAt: iso })),
  }),
  analyticsEvents: z.array(
    z.object({
      type: z.string(),
      eventType: z.string().nullable(),
      page: z.string().nullable(),
      referrer: z.string().nullable(),
      sessionId: z.string(),
      occurredAt: iso,
      data: json,
    }),
  ),
  usageCounters: z.array(z.object({ scope: z.string(), windowStart: iso, count: z.number() })),
  tax: z.object({
    profile: z.object({ rateBasisPoints: z.number(), currency: z.string() }).nullable(),
    income: z.array(
      z.object({
        id: z.string(),
        platform: z.string(),
        amountCents: z.number(),
        receivedOn: z.string(),
        note: z.string().nullable(),
        createdAt: iso,
      }),
    ),
    expenses: z.array(
      z.object({
        id: z.string(),
        category: z.string(),
        amountCents: z.number(),
        spentOn: z.string(),
        description: z.string().nullable(),
        receiptMediaId: z.string().nullable(),
        createdAt: iso,
      }),
    ),
  }),
  earlyAccess: z.array(z.object({ feature: z.string(), createdAt: iso })),
  /** Leak cases, newest first, each with the trace answer it keeps as evidence. */
  leakCases: z.array(leakCaseSchema),
  /** Settings → Takedown contact details (all null when never given). */
  takedownContact: takedownContactSchema,
  /** What admins did to this account (ban, tier change, ...), without naming the admin. */
  adminActions: z.array(z.object({ action: z.string(), details: json, createdAt: iso })),
  /** Every copy of her photos made for posting or protecting, with its invisible mark (docs/leak-tracing.md). */
  imageCopies: z.array(
    z.object({
      id: z.string(),
      markHex: z.string().nullable(),
      kind: z.string(),
      mediaAssetId: z.string().nullable(),
      postId: z.string().nullable(),
      subreddit: z.string().nullable(),
      redditUsername: z.string().nullable(),
      campaignId: z.string().nullable(),
      protectionLevel: z.string().nullable(),
      bytes: z.number(),
      pdqHash: z.string(),
      createdAt: iso,
      fileDeletedAt: iso.nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
