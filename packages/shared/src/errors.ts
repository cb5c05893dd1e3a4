import { z } from 'zod';

/** The one JSON error shape every API error uses. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  email: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine-readable codes; the client maps them to the spec's texts. */
export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  badJson: 'INVALID_JSON',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  csrf: 'CSRF_INVALID',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  accountBanned: 'ACCOUNT_BANNED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  mustChangePassword: 'MUST_CHANGE_PASSWORD',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
