import { z } from 'zod';
import { cursorPageFields, cursorPageQuerySchema } from './paging';
import { roleSchema, tiers, tierSchema } from './user';

/** docs/product.md#admin-portal: the admin portal's user moderation, audit log and leads. */

export const adminActions = [
  'ban',
  'unban',
  'suspend',
  'unsuspend',
  'change_tier',
  'force_password_change',
  'resend_verification',
  'approve_referral',
  'reject_referral',
] as const;
export const adminActionSchema = z.enum(adminActions);
export type AdminAction = z.infer<typeof adminActionSchema>;

export const adminActionLabels: Record<AdminAction, string> = {
  ban: 'Banned',
  unban: 'Unbanned',
  suspend: 'Suspended',
  unsuspend: 'Suspension lifted',
  change_tier: 'Tier changed',
  force_password_change: 'Password change required',
  resend_verification: 'Verification e-mail resent',
  approve_referral: 'Referral approved',
  reject_referral: 'Referral rejected',
};

/** A suspension is for a while; anything longer is a ban. */
export const maxSuspensionDays = 365;

export const adminTexts = {
  userNotFound: 'User not found. It may have been deleted; search again.',
  applicationNotFound: 'Referral application not found. It may have been reviewed already; reload the list.',
  applicationReviewed: 'This referral application was already reviewed.',
  applicantMissing:
    'The applicant has no account (yet), so there is nothing to link. Reject it or wait until they sign up.',
  referrerMissing:
    'The referral code matches no user, so there is nobody to link to. Reject the application.',
  applicantAlreadyReferred: 'The applicant is already linked to another referrer. Reject the application.',
  selfAction: 'You cannot do this to your own account. Ask another admin.',
  otherAdmin:
    'Admins cannot be banned, suspended or have their tier changed here. Remove their admin role first.',
  noPassword:
    'This account has no password (it signs in with Google, Facebook or Reddit), so there is none to change.',
  alreadyBanned: 'This account is already banned.',
  notBanned: 'This account is not banned.',
  notSuspended: 'This account is not suspended.',
  sameTier: 'The account is already on this tier.',
  alreadyMustChange: 'This account must already change its password at the next sign-in.',
  alreadyVerified: 'This e-mail address is already verified; no mail was sent.',
  reasonRequired: 'Give a reason (1–500 characters); it is kept in the audit log.',
  untilInvalid: 'Choose when the suspension ends: a date and time in the future.',
  untilTooLate: `A suspension can last at most ${maxSuspensionDays} days; ban the account instead.`,
  tierNote: 'Set by hand until the next billing event: a Stripe subscription change overwrites it.',
  // docs/product.md#access-and-roles's own gate text, shown here so the admin knows what the user will see.
  bannedGate: 'Account access restricted',
} as const;

const reasonSchema = z
  .string({ message: adminTexts.reasonRequired })
  .trim()
  .min(1, { message: adminTexts.reasonRequired })
  .max(500, { message: adminTexts.reasonRequired });

export const adminUserIdParamsSchema = z.strictObject({ id: z.uuid({ message: 'id must be a user id' }) });
export const adminApplicationIdParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a referral application id' }),
});

/** The admin lists (audit log, leads) are paged by cursor like every list that grows (decision 032). */
export const adminPageQuerySchema = cursorPageQuerySchema;

export const adminUserSearchQuerySchema = z.strictObject({
  ...cursorPageFields,
  q: z.string().trim().max(100, { message: 'Search text can be at most 100 characters' }).default(''),
});

export const banBodySchema = z.strictObject({ reason: reasonSchema });

export const suspendBodySchema = z.strictObject({
  until: z.iso.datetime({ offset: true, message: adminTexts.untilInvalid }),
  reason: reasonSchema,
});

export const tierBodySchema = z.strictObject({
  tier: z.enum(tiers, { message: 'tier must be free, starter or pro' }),
});

export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  tier: tierSchema,
  role: roleSchema,
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  mustChangePassword: z.boolean(),
  bannedAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  signupSource: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorUserId: z.uuid().nullable(),
  actorUsername: z.string(),
  targetUserId: z.uuid().nullable(),
  targetUsername: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of users; total counts every user matching the search, for the screen's heading. */
export const adminUserListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListResponseSchema>;

export const adminUserDetailResponseSchema = z.object({
  user: adminUserSchema,
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailResponseSchema>;

/** One page of the audit log, newest first; total counts the whole log. */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogResponseSchema>;

export const leadApplicationSchema = z.object({
  id: z.uuid(),
  referralCode: z.string(),
  referrerUserId: z.uuid().nullable(),
  referrerUsername: z.string().nullable(),
  applicantUserId: z.uuid().nullable(),
  applicantUsername: z.string().nullable(),
  applicantEmail: z.string(),
  createdAt: z.string(),
});
export type LeadApplication = z.infer<typeof leadApplicationSchema>;

export const leadSignupSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  signupSource: z.string().nullable(),
  /** The code of the user's referral application, if they sent one. */
  referralCode: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadSignup = z.infer<typeof leadSignupSchema>;

/** GET /api/admin/leads/applications: pending applications, oldest first (the queue an admin works through). */
export const leadApplicationListResponseSchema = z.array(leadApplicationSchema);

/** GET /api/admin/leads/signups: accounts, newest first. */
export const leadSignupListResponseSchema = z.array(leadSignupSchema);

export const reviewedApplicationResponseSchema = z.object({
  id: z.uuid(),
  status: z.enum(['linked', 'rejected']),
});
