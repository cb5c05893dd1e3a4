import { z } from 'zod';
import { validationMessages as m } from './messages';
import { userSchema } from './user';

/**
 * Linear by construction: the domain's labels cannot contain the dot that separates them, so
 * no two quantifiers can trade characters (the old `[^\s@]+\.[^\s@]+` took quadratic time).
 */
export const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const usernamePattern = /^[A-Za-z0-9_-]+$/;
/** An e-mail address is at most 254 characters (RFC 5321); longer input is refused before any pattern runs. */
export const emailMaxLength = 254;

/** docs/product.md#accounts-and-sign-in: password rules for login and signup, checked in this order. */
export const passwordSchema = z
  .string({ message: m.passwordRequired })
  .min(1, { message: m.passwordRequired })
  .min(8, { message: m.passwordTooShort })
  .max(200, { message: 'Password must be at most 200 characters', abort: true })
  .regex(/[a-z]/, { message: m.passwordLowercase })
  .regex(/[A-Z]/, { message: m.passwordUppercase })
  .regex(/[0-9]/, { message: m.passwordNumber });

export const emailSchema = z
  .string({ message: m.emailRequired })
  .trim()
  .min(1, { message: m.emailRequired })
  // abort: zod would otherwise run the later checks on an over-long value as well.
  .max(emailMaxLength, { message: m.emailInvalid, abort: true })
  .regex(emailPattern, { message: m.emailInvalid });

export const usernameSchema = z
  .string({ message: m.usernameRequired })
  .trim()
  .min(1, { message: m.usernameRequired })
  .min(3, { message: m.usernameTooShort })
  .max(49, { message: m.usernameTooLong, abort: true })
  .regex(usernamePattern, { message: m.usernameCharacters });

/** Login: a username or an e-mail. The password is only required here: old passwords may predate the rules. */
export const loginSchema = z.strictObject({
  username: z
    .string({ message: m.loginIdentifierRequired })
    .trim()
    .min(1, { message: m.loginIdentifierRequired })
    .max(emailMaxLength, { message: m.loginIdentifierInvalid, abort: true })
    .refine((value) => emailPattern.test(value) || usernamePattern.test(value), {
      message: m.loginIdentifierInvalid,
    }),
  password: z.string({ message: m.passwordRequired }).min(1, { message: m.passwordRequired }).max(200),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/** The client validates a login with the full password rules (docs/product.md#accounts-and-sign-in); the server only needs a value. */
export const loginFormSchema = loginSchema.extend({ password: passwordSchema });

export const signupSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupPayload = z.infer<typeof signupSchema>;

export const emailOnlySchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z.strictObject({
  token: z
    .string({ message: 'The reset link is incomplete' })
    .min(1, { message: 'The reset link is incomplete' })
    .max(200),
  newPassword: passwordSchema,
});

export const changePasswordSchema = z.strictObject({
  userId: z.uuid({ message: 'The account id is invalid' }),
  currentPassword: z.string({ message: m.passwordRequired }).min(1, { message: m.passwordRequired }).max(200),
  newPassword: passwordSchema,
});

export const verifyEmailQuerySchema = z.strictObject({
  token: z.string().max(200).optional(),
});

/** Every auth answer carries a message; login adds the user and a short-lived access token. */
export const authResponseSchema = z.object({
  message: z.string(),
  user: userSchema.optional(),
  accessToken: z.string().optional(),
  expiresAt: z.iso.datetime().optional(),
  mustChangePassword: z.boolean().optional(),
  userId: z.string().optional(),
  code: z.string().optional(),
  email: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshResponseSchema = z.object({ accessToken: z.string(), expiresAt: z.iso.datetime() });

export const oauthProviders = ['google', 'facebook', 'reddit'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];
export const enabledProvidersResponseSchema = z.object({ providers: z.array(z.enum(oauthProviders)) });

/** docs/product.md#accounts-and-sign-in: referral apply. Codes are uppercased; the applicant e-mail lowercased and trimmed. */
export const referralApplySchema = z.strictObject({
  referralCode: z
    .string({ message: 'Referral code is required' })
    .trim()
    .min(1, { message: 'Referral code is required' })
    .max(40, { message: 'Referral code is too long' })
    .transform((code) => code.toUpperCase()),
  applicant: z.strictObject({ email: emailSchema.transform((email) => email.toLowerCase()) }),
});
export const referralApplyResponseSchema = z.object({
  success: z.boolean(),
  status: z.string().optional(),
  error: z.string().optional(),
});

export const publicMetricsSchema = z.object({
  creators: z.number().int().nonnegative(),
  engagement: z.number().nonnegative(),
  posts: z.number().int().nonnegative(),
});
export type PublicMetrics = z.infer<typeof publicMetricsSchema>;
